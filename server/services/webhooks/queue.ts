// The durable delivery queue: it holds only unfinished deliveries. One is due when
// nextAttemptAt has passed; claiming it moves nextAttemptAt forward by the lease, so no
// other instance takes it while the attempt runs, and a crashed instance's claim simply
// falls due again. A finished delivery is removed; every attempt stays a message request.
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

/**
 * Claims up to `max` due deliveries, oldest due first, in three queries whatever the batch
 * size. The update re-checks that each is still pending and due, and per document that
 * check-and-set is atomic on both engines, so a delivery another instance claimed in
 * between is simply not ours: only those carrying our lease id are returned.
 */
export async function claimDue({ ctx, max }: { ctx: AppContext; max: number }): Promise<DeliveryDoc[]> {
  const { deliveries } = collections(ctx.store);
  const now = ctx.now();
  const nowIso = now.toISOString();
  const due = { status: 'pending', nextAttemptAt: { $lte: nowIso } };
  const candidates = await deliveries.find(due, { sort: { nextAttemptAt: 1 }, limit: max });
  if (candidates.length === 0) return [];
  const leaseId = randomUUID();
  await deliveries.updateMany(
    { ...due, _id: { $in: candidates.map((d) => d._id) } },
    { $set: { nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString(), leaseId, updated: nowIso }, $inc: { attempts: 1 } },
  );
  return deliveries.find({ leaseId });
}

/** A delivery is finished after a success, after its one manual attempt, or after the last retry. */
export const isFinished = ({ delivery, ok }: { delivery: DeliveryDoc; ok: boolean }): boolean =>
  ok || delivery.manual || delivery.attempts > RETRY_DELAYS_MS.length;

/** Reschedules an unfinished delivery for its next retry, if this attempt still holds the lease. */
export async function scheduleRetry({ ctx, delivery }: { ctx: AppContext; delivery: DeliveryDoc }): Promise<void> {
  const now = ctx.now();
  const delay = RETRY_DELAYS_MS[delivery.attempts - 1] ?? 0;
  await collections(ctx.store).deliveries.updateOne(
    { _id: delivery._id, leaseId: delivery.leaseId },
    { $set: { nextAttemptAt: new Date(now.getTime() + delay).toISOString(), updated: now.toISOString() }, $unset: { leaseId: true } },
  );
}

/** A delivery that must not go out (its webhook was switched off) leaves the queue without an attempt. */
export async function cancelDelivery({ ctx, delivery }: { ctx: AppContext; delivery: DeliveryDoc }): Promise<void> {
  await collections(ctx.store).deliveries.deleteOne({ _id: delivery._id, leaseId: delivery.leaseId });
}
