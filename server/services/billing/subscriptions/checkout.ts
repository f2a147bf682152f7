// Checkout sessions (getCheckoutUrl / getCheckoutSession). The old product sent buyers to Paddle or
// Shopify; here the checkout is our own page, so a session only remembers the plan, its variant
// and the platform the buyer came from, and the URL leads to /checkout/{sessionId}.
import { randomUUID } from 'node:crypto';
import type { CheckoutSession, CheckoutUrl } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { checkoutSessions, plans } from '../model';
import { findPlan, PLAN_NOT_FOUND } from '../plans/find';
import { ensurePlans } from '../plans/seed';

export const SESSION_NOT_FOUND = 'Checkout session not found';

export async function startCheckout({
  ctx,
  userId,
  componentType,
  pricingVariantId,
  platform,
}: {
  ctx: AppContext;
  userId: string;
  componentType: string;
  pricingVariantId: string;
  platform: string;
}): Promise<CheckoutUrl> {
  await ensurePlans(ctx);
  const family = await plans(ctx).find({ family: componentType });
  const plan = family.find((one) => one.pricingVariants.some((variant) => variant.id === pricingVariantId));
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  const sessionId = randomUUID();
  await checkoutSessions(ctx).insertOne({ _id: sessionId, userId, planId: plan.planId, pricingVariantId, platform, created: ctx.now().toISOString() });
  return { sessionId, url: `${ctx.config.publicUrl}/checkout/${sessionId}?variantId=${encodeURIComponent(pricingVariantId)}` };
}

export async function checkoutSession({ ctx, userId, sessionId, variantId }: { ctx: AppContext; userId: string; sessionId: string; variantId?: string }): Promise<CheckoutSession> {
  const session = await checkoutSessions(ctx).findOne({ _id: sessionId, userId });
  if (!session) throw new NotFoundError(SESSION_NOT_FOUND);
  const plan = await findPlan({ ctx, planId: session.planId });
  const chosen = plan.pricingVariants.some((variant) => variant.id === variantId) ? variantId : session.pricingVariantId;
  return {
    sessionId,
    componentType: plan.family,
    platform: session.platform,
    variantId: chosen ?? session.pricingVariantId,
    ...(session.subscriptionId ? { subscriptionId: session.subscriptionId } : {}),
    plan: {
      planId: plan.planId,
      name: plan.name,
      pricingVariants: plan.pricingVariants.map(({ id, name, priceCount, pricePeriod }) => ({ id, name, priceCount, pricePeriod })),
    },
  };
}
