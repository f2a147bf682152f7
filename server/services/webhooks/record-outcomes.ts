// Writes the outcomes of finished attempts: the message requests in one insert, finished
// deliveries out of the queue in one delete per claim, retries rescheduled, and the
// endpoints' failure windows updated. Until this runs an attempt is not recorded, so a
// crash in between means the lease expires and the message goes out again (at-least-once).
import type { AppContext } from '../../context';
import type { Outcome } from './deliver';
import { recordEndpointHealth } from './endpoint-health';
import { collections } from './model';
import { isFinished, scheduleRetry } from './queue';
import { log } from '../../observability/log';

export async function recordOutcomes({ ctx, outcomes }: { ctx: AppContext; outcomes: Outcome[] }): Promise<void> {
  if (outcomes.length === 0) return;
  const { requests, deliveries } = collections(ctx.store);
  await requests.insertMany(outcomes.map((o) => o.request));
  const finishedByLease = new Map<string, string[]>();
  for (const { delivery, request } of outcomes) {
    if (isFinished({ delivery, ok: request.status === 'succeeded' })) {
      const lease = delivery.leaseId ?? '';
      finishedByLease.set(lease, [...(finishedByLease.get(lease) ?? []), delivery._id]);
    } else {
      await scheduleRetry({ ctx, delivery });
    }
  }
  for (const [leaseId, ids] of finishedByLease) await deliveries.deleteMany({ _id: { $in: ids }, leaseId });
  // Health per webhook: its latest attempt in this batch decides.
  const latest = new Map(outcomes.map((o) => [o.webhook._id, o]));
  for (const { webhook, request } of latest.values()) {
    await recordEndpointHealth({ ctx, webhook, ok: request.status === 'succeeded' });
  }
}

/** Collects outcomes and writes them together: when `maxBatch` wait, or `maxDelayMs` after the first. */
export function createOutcomeWriter({ ctx, maxBatch = 32, maxDelayMs = 5 }: { ctx: AppContext; maxBatch?: number; maxDelayMs?: number }) {
  let pending: { outcome: Outcome; done: () => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    try {
      await recordOutcomes({ ctx, outcomes: batch.map((p) => p.outcome) });
    } catch (err) {
      log.error({ err }, 'Recording webhook attempts failed; their leases will expire and they go out again');
    } finally {
      batch.forEach((p) => p.done());
    }
  };
  return {
    /** Resolves once the outcome is written. */
    write: (outcome: Outcome): Promise<void> =>
      new Promise<void>((done) => {
        pending.push({ outcome, done });
        if (pending.length >= maxBatch) void flush();
        else timer ??= setTimeout(() => void flush(), maxDelayMs);
      }),
  };
}
