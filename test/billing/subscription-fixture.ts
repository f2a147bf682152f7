// A subscription written straight into the store from a seeded plan, for the tests that need a
// subscriber without going through checkout.
import type { AppContext } from '../../server/context';
import { subscriptions } from '../../server/services/billing/model';
import type { SubscriptionDoc, SubscriptionStatus } from '../../server/services/billing/model';
import { findPlan } from '../../server/services/billing/plans/find';
import { findUserByEmail } from '../../server/services/accounts/users';

export async function userIdOf({ ctx, email }: { ctx: AppContext; email: string }): Promise<string> {
  const user = await findUserByEmail({ ctx, email });
  if (!user) throw new Error(`no account ${email}`);
  return user._id;
}

export async function insertSubscription({
  ctx, userId, planId, status = 'active', period = 'year', serviceName = 'nindo', vendor, id = `sub-${planId}-${userId}`,
}: {
  ctx: AppContext; userId: string; planId: string; status?: SubscriptionStatus; period?: 'month' | 'year'; serviceName?: string; vendor?: string; id?: string;
}): Promise<SubscriptionDoc> {
  const plan = await findPlan({ ctx, planId });
  const variant = plan.pricingVariants.find((one) => one.pricePeriod === period) ?? plan.pricingVariants[0];
  const now = ctx.now().toISOString();
  return subscriptions(ctx).insertOne({
    _id: id, subscriptionId: id, userId, status, source: 'bluesnap', adapter: 'sandbox', version: 2, ...(vendor ? { vendor } : {}),
    serviceName, family: plan.family, planId, planPricingVariantId: variant.id, platformSubscriptionId: `sandbox-${id}`,
    plan: { name: plan.name, period: variant.pricePeriod, amount: variant.priceCount, services: plan.services, features: plan.features },
    currentPeriodStart: now, currentPeriodEnd: now, failedAttempts: 0, created: now, updated: now,
  });
}
