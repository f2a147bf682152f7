// Plan look-ups the checkout, subscription and renewal code share.
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { plans } from '../model';
import type { PlanDoc, PricingVariantDoc } from '../model';
import { ensurePlans } from './seed';

export const PLAN_NOT_FOUND = 'Plan not found';
export const VARIANT_NOT_FOUND = 'Pricing variant not found';

/** The plan with this planId, or 404 'Plan not found'. */
export async function findPlan({ ctx, planId }: { ctx: AppContext; planId: string }): Promise<PlanDoc> {
  await ensurePlans(ctx);
  const plan = await plans(ctx).findOne({ planId });
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  return plan;
}

/** The plan's pricing variant with this id, or 404 'Pricing variant not found'. */
export function variantOf({ plan, variantId }: { plan: PlanDoc; variantId: string }): PricingVariantDoc {
  const variant = plan.pricingVariants.find((one) => one.id === variantId);
  if (!variant) throw new NotFoundError(VARIANT_NOT_FOUND);
  return variant;
}
