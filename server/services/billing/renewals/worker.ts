// The renewal worker: polls for due subscriptions and renews them a few at a time. Renewals are
// due by the day, so a slow poll suffices; any number of instances may run side by side.
import type { AppContext } from '../../../context';
import { createWake } from '../../queue-wake';
import type { SubscriptionDoc } from '../model';
import { claimDueRenewals } from './claim';
import { runRenewal } from './run';

const BATCH = 8;
const IDLE_POLL_MS = 30_000;
const wake = createWake();

/** Renews every subscription due now until none is left (tests, scripts). */
export async function runDueRenewals({ ctx }: { ctx: AppContext }): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await claimDueRenewals({ ctx, max: BATCH });
    if (batch.length === 0) return total;
    await Promise.all(batch.map((subscription) => runRenewal({ ctx, subscription })));
    total += batch.length;
  }
}

/** A store hiccup must not end the loop: log it and poll again later. */
async function claimSafely({ ctx, stopped }: { ctx: AppContext; stopped: () => boolean }): Promise<SubscriptionDoc[]> {
  try {
    return await claimDueRenewals({ ctx, max: BATCH });
  } catch (err) {
    // A claim still running when the worker stops fails as the store closes: nothing to report.
    if (!stopped()) console.error('Billing renewal claim failed', err);
    return [];
  }
}

export function startRenewalWorker(ctx: AppContext): () => void {
  let stopped = false;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      const batch = await claimSafely({ ctx, stopped: () => stopped });
      if (batch.length === 0) {
        await wake.sleep(IDLE_POLL_MS);
        continue;
      }
      await Promise.all(batch.map((subscription) => runRenewal({ ctx, subscription }).catch((err: unknown) => console.error('Billing renewal failed', err))));
    }
  };
  void loop();
  return () => {
    stopped = true;
    wake.nudge();
  };
}
