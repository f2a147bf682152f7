// The billing plans bench data: the bench user's subscriptions, one live widgets-bundle plan among
// cancelled ones of other families, and 10,000 other users' subscriptions, so the signed-in
// lookups read an index, not a small table.
import type { AppContext } from '../../server/context';
import { subscriptions } from '../../server/services/billing/model';
import type { SubscriptionDoc, SubscriptionStatus } from '../../server/services/billing/model';

const BENCH_USER = 'bench-user';
const OTHERS = 10_000;

function subscription({ id, userId, planId, family, status }: { id: string; userId: string; planId: string; family: string; status: SubscriptionStatus }): SubscriptionDoc {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return {
    _id: id, subscriptionId: id, userId, status, source: 'bluesnap', adapter: 'sandbox', version: 2, serviceName: 'nindo', family, planId,
    planPricingVariantId: `${planId}-year`, platformSubscriptionId: id,
    plan: { name: planId, period: 'year', amount: 96, services: [], features: { websites: 3 } },
    currentPeriodStart: at, currentPeriodEnd: at, failedAttempts: 0, created: at, updated: at,
  };
}

export async function seedBenchSubscriptions(ctx: AppContext): Promise<void> {
  await subscriptions(ctx).insertMany([
    subscription({ id: 'bench-live', userId: BENCH_USER, planId: 'widgets_bundle-pro', family: 'widgets_bundle', status: 'active' }),
    subscription({ id: 'bench-old', userId: BENCH_USER, planId: 'bundle-basic', family: 'bundle', status: 'cancelled' }),
    ...Array.from({ length: OTHERS }, (_, i) => subscription({ id: `other-${i}`, userId: `user-${i}`, planId: 'bundle-pro', family: 'bundle', status: 'active' })),
  ]);
}
