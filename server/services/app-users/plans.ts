// What the app-users area reads of the app's plans (kept by the payments area): a plan's pricing
// variants and currency, and the provider's plan id a variant is connected to.
import type { AppContext } from '../../context';
import type { PricingVariant } from '../../../generated/client/types.gen';
import { planConnections, plans } from '../payments/model';
import type { PlanDoc } from '../payments/model';

export async function findPlans({ ctx, appId, planIds }: { ctx: AppContext; appId: string; planIds: string[] }): Promise<PlanDoc[]> {
  if (planIds.length === 0) return [];
  return plans(ctx).find({ appId, planId: { $in: planIds } });
}

/** The variant a subscription pays: the one named, else the plan's first recurring one. */
export function variantOf({ plan, variantId }: { plan: PlanDoc; variantId?: string }): PricingVariant | undefined {
  const variants = plan.pricingVariants ?? [];
  if (variantId) return variants.find((v) => v.id === variantId);
  return variants.find((v) => v.pricePeriod !== 'one-time');
}

export async function findPlatformPlanId({ ctx, appId, planId, variantId, platform }: { ctx: AppContext; appId: string; planId: string; variantId: string; platform: string }): Promise<string | undefined> {
  const connection = await planConnections(ctx).findOne({ appId, planId, platform, planPricingVariantId: variantId });
  return connection?.platformPlanId;
}
