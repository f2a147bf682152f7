// A user's stats: what they paid (net of refunds) and their monthly recurring revenue.
import type { AppUserStats } from '../../../generated/client/types.gen';
import { findOwnedApp } from '../developer/owned-app';
import { charges, subscriptions } from '../developer/model';
import { LIVE_SUBSCRIPTION_STATUSES } from '../developer/analytics/totals';
import { netAmount, REVENUE_STATUSES } from '../developer/analytics/revenue';
import { findAppUser } from './model';
import { monthlyAmount } from './mrr';
import { roundCents } from './money';
import { findPlans, variantOf } from './plans';
import type { Owned } from './users';

const DEFAULT_CURRENCY = 'USD';

export async function getAppUserStats({ ctx, userId, appId, appUserId }: Owned & { appUserId: string }): Promise<AppUserStats> {
  await findOwnedApp({ ctx, userId, appId });
  await findAppUser({ ctx, appId, userId: appUserId });
  const scope = { appId, appUserId };
  const [paid, live] = await Promise.all([
    charges(ctx).find({ ...scope, status: { $in: REVENUE_STATUSES } }, { sort: { created: -1 } }),
    subscriptions(ctx).find({ ...scope, status: { $in: LIVE_SUBSCRIPTION_STATUSES } }),
  ]);
  const plans = await findPlans({ ctx, appId, planIds: [...new Set(live.map((s) => s.planId))] });
  const mrr = live.reduce((sum, sub) => {
    const plan = plans.find((p) => p.planId === sub.planId);
    const variant = plan && variantOf({ plan, variantId: sub.planPricingVariantId });
    return sum + (variant ? monthlyAmount(variant) : 0);
  }, 0);
  const totalCharges = paid.reduce((sum, c) => sum + netAmount(c), 0);
  return { totalCharges: roundCents(totalCharges), mrr: roundCents(mrr), currency: paid[0]?.currency ?? plans[0]?.currency ?? DEFAULT_CURRENCY };
}
