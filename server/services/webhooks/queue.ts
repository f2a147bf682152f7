// The durable delivery queue. A pending delivery is due when nextAttemptAt has passed;
// claiming one moves nextAttemptAt forward by the lease, so no other instance takes it
// while the attempt runs, and a crashed instance's claim simply falls due again.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { collections } from './model';
import type { DeliveryDoc } from './model';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits after the 1st, 2nd, ... failed attempt; after the last one the delivery has failed. */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** Longer than the 15 s request limit plus bookkeeping. */
export const LEASE_MS = 60 * SECOND;

/** Claims up to `max` due deliveries, oldest due first. */
export async function claimDue({ ctx, max }: { ctx: AppContext; max: number }): Promise<DeliveryDoc[]> {
  const { deliveries } = collections(ctx.store);
  const now = ctx.now();
  const nowIso = now.toISOString();
  const due = await deliveries.find({ status: 'pending', nextAttemptAt: { $lte: nowIso } }, { sort: { nextAttemptAt: 1 }, limit: max });
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const claimed: DeliveryDoc[] = [];
  for (const candidate of due) {
    // Conditional on the due time we saw: another instance that claimed it first moved it.
    const won = await deliveries.findOneAndUpdate(
      { _id: candidate._id, status: 'pending', nextAttemptAt: candidate.nextAttemptAt },
      { $set: { nextAttemptAt: leaseUntil, leaseId: randomUUID(), updated: nowIso }, $inc: { attempts: 1 } },
    );
    if (won) claimed.push(won);
  }
  return claimed;
}

/** Records the attempt's outcome, if this attempt still holds the lease. */
export async function finishAttempt({ ctx, delivery, ok }: { ctx: AppContext; delivery: DeliveryDoc; ok: boolean }): Promise<void> {
  const now = ctx.now();
  const delay = delivery.manual ? undefined : RETRY_DELAYS_MS[delivery.attempts - 1];
  const next =
    ok || delay === undefined
      ? { status: ok ? ('succeeded' as const) : ('failed' as const) }
      : { nextAttemptAt: new Date(now.getTime() + delay).toISOString() };
  await collections(ctx.store).deliveries.updateOne(
    { _id: delivery._id, leaseId: delivery.leaseId },
    { $set: { ...next, updated: now.toISOString() }, $unset: { leaseId: true } },
  );
}

/** A delivery that must not go out (its webhook was switched off): closed without an attempt. */
export async function cancelDelivery({ ctx, delivery }: { ctx: AppContext; delivery: DeliveryDoc }): Promise<void> {
  await collections(ctx.store).deliveries.updateOne(
    { _id: delivery._id, leaseId: delivery.leaseId },
    { $set: { status: 'failed', updated: ctx.now().toISOString() }, $unset: { leaseId: true } },
  );
}
