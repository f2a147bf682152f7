// The delivery worker: polls the queue, keeps up to MAX_IN_FLIGHT attempts running, and
// claims again as soon as a slot frees up. Any number of instances may run side by side.
import type { AppContext } from '../../context';
import { attemptDelivery } from './deliver';
import { claimDue } from './queue';
import type { DeliveryDoc } from './model';
import { nudgeWorkers, sleepUntilNudged } from './wake';

export const MAX_IN_FLIGHT = 64;
const IDLE_POLL_MS = 500;

/** Runs every delivery due now, and those falling due meanwhile, until none is left (tests, scripts). */
export async function runDueDeliveries({ ctx }: { ctx: AppContext }): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await claimDue({ ctx, max: MAX_IN_FLIGHT });
    if (batch.length === 0) return total;
    await Promise.all(batch.map((delivery) => attemptDelivery({ ctx, delivery })));
    total += batch.length;
  }
}

/** A store hiccup must not end the loop: log it and poll again later. */
async function claimSafely({ ctx, max }: { ctx: AppContext; max: number }): Promise<DeliveryDoc[]> {
  try {
    return await claimDue({ ctx, max });
  } catch (err) {
    console.error('Webhook queue claim failed', err);
    return [];
  }
}

export function startWebhookWorker(ctx: AppContext): () => void {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const loop = async (): Promise<void> => {
    while (!stopped) {
      const free = MAX_IN_FLIGHT - inFlight.size;
      const batch = free > 0 ? await claimSafely({ ctx, max: free }) : [];
      for (const delivery of batch) {
        const run: Promise<void> = attemptDelivery({ ctx, delivery })
          .catch((err: unknown) => console.error('Webhook delivery failed', err))
          .finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
      if (batch.length > 0 && inFlight.size < MAX_IN_FLIGHT) continue;
      // Full: wait for a slot. Idle: wait for the poll interval or a nudge.
      await (inFlight.size >= MAX_IN_FLIGHT ? Promise.race(inFlight) : sleepUntilNudged(IDLE_POLL_MS));
    }
  };
  void loop();
  return () => {
    stopped = true;
    nudgeWorkers();
  };
}
