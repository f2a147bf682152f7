// The delivery worker: polls the queue, keeps up to MAX_IN_FLIGHT attempts running, and
// claims again once CLAIM_BATCH slots are free. Any number of instances may run side by side.
import type { AppContext } from '../../context';
import { attemptDelivery } from './deliver';
import { createOutcomeWriter, recordOutcomes } from './record-outcomes';
import { claimDue } from './queue';
import { WEBHOOK_DELIVERIES } from './model';
import type { DeliveryDoc } from './model';
import { holdLease } from '../held-leases';
import { deliveryWake } from './wake';
import { log } from '../../observability/log';

export const MAX_IN_FLIGHT = 64;
const IDLE_POLL_MS = 500;
const CLAIM_BATCH = 16;

/** Runs every delivery due now, and those falling due meanwhile, until none is left (tests, scripts). */
export async function runDueDeliveries({ ctx }: { ctx: AppContext }): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await claimDue({ ctx, max: MAX_IN_FLIGHT });
    if (batch.length === 0) return total;
    const outcomes = await Promise.all(batch.map((delivery) => attemptDelivery({ ctx, delivery })));
    await recordOutcomes({ ctx, outcomes: outcomes.filter((o) => o !== null) });
    total += batch.length;
  }
}

/** A store hiccup must not end the loop: log it and poll again later. */
async function claimSafely({ ctx, max }: { ctx: AppContext; max: number }): Promise<DeliveryDoc[]> {
  try {
    return await claimDue({ ctx, max });
  } catch (err) {
    log.error({ err }, 'Webhook queue claim failed');
    return [];
  }
}

/** Answers the stop: claiming ends at once, and the promise settles once the attempts under way are over and recorded. */
export function startWebhookWorker(ctx: AppContext): () => Promise<void> {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const writer = createOutcomeWriter({ ctx });
  const loop = async (): Promise<void> => {
    while (!stopped) {
      const free = MAX_IN_FLIGHT - inFlight.size;
      // Claim in batches: one queue query per CLAIM_BATCH attempts rather than per freed slot.
      if (free < CLAIM_BATCH) {
        await Promise.race(inFlight);
        continue;
      }
      const seen = deliveryWake.nudges();
      const batch = await claimSafely({ ctx, max: free });
      if (batch.length === 0) {
        await deliveryWake.sleep(IDLE_POLL_MS, seen);
        continue;
      }
      const runs = batch.map((delivery) => {
        const run: Promise<void> = attemptDelivery({ ctx, delivery })
          .then((outcome) => (outcome ? writer.write(outcome) : undefined))
          .catch((err: unknown) => log.error({ err }, 'Webhook delivery failed'))
          .finally(() => inFlight.delete(run));
        inFlight.add(run);
        return run;
      });
      // One claim id per batch: held until every attempt of the batch is over.
      const leaseId = batch[0].leaseId;
      if (leaseId) {
        const release = holdLease({ store: ctx.store, lease: { collection: WEBHOOK_DELIVERIES, field: 'leaseId', leaseId } });
        void Promise.all(runs).then(release);
      }
    }
  };
  const running = loop();
  return async () => {
    stopped = true;
    deliveryWake.nudge();
    await running;
    await Promise.all(inFlight);
  };
}
