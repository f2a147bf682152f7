// The renewal queue is the subscriptions themselves: one is due when its next attempt (or, before
// any, its period end) has passed. A claim moves nextAttemptAt forward by the lease, so no other
// instance takes it meanwhile, and the claim of an instance that died falls due again.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import { subscriptions } from '../model';
import type { SubscriptionDoc } from '../model';
import { RENEWAL_LEASE_MS } from './schedule';

/** Statuses the job renews; cancelled and expired subscriptions are never charged. */
export const RENEWING_STATUSES = ['trial', 'active', 'past_due'] as const;

export const dueFilter = (now: string): Record<string, unknown> => ({
  status: { $in: [...RENEWING_STATUSES] },
  $or: [{ nextAttemptAt: { $lte: now } }, { nextAttemptAt: null, currentPeriodEnd: { $lte: now } }],
});

/** Claims up to `max` due subscriptions; the re-checked update makes each claim exclusive. */
export async function claimDueRenewals({ ctx, max }: { ctx: AppContext; max: number }): Promise<SubscriptionDoc[]> {
  const now = ctx.now();
  const due = dueFilter(now.toISOString());
  const candidates = await subscriptions(ctx).find(due, { sort: { currentPeriodEnd: 1 }, limit: max });
  if (candidates.length === 0) return [];
  const renewalLeaseId = randomUUID();
  await subscriptions(ctx).updateMany(
    { ...due, _id: { $in: candidates.map((one) => one._id) } },
    { $set: { nextAttemptAt: new Date(now.getTime() + RENEWAL_LEASE_MS).toISOString(), renewalLeaseId } },
  );
  return subscriptions(ctx).find({ renewalLeaseId });
}
