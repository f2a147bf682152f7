// The job worker: polls the queue and runs due jobs a few at a time. Provider calls are slow
// and few, so a small batch suffices. Any number of instances may run side by side.
import type { AppContext } from '../../../context';
import { claimDueJobs } from './queue';
import type { AppUserJobDoc } from './model';
import { runJob } from './run';
import { jobWake } from './wake';

const BATCH = 8;
const IDLE_POLL_MS = 1000;

/** Runs every job due now, and those falling due meanwhile, until none is left (tests, scripts). */
export async function runDueJobs({ ctx }: { ctx: AppContext }): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await claimDueJobs({ ctx, max: BATCH });
    if (batch.length === 0) return total;
    await Promise.all(batch.map((job) => runJob({ ctx, job })));
    total += batch.length;
  }
}

/** A store hiccup must not end the loop: log it and poll again later. */
async function claimSafely({ ctx }: { ctx: AppContext }): Promise<AppUserJobDoc[]> {
  try {
    return await claimDueJobs({ ctx, max: BATCH });
  } catch (err) {
    console.error('App user job queue claim failed', err);
    return [];
  }
}

export function startAppUserJobWorker(ctx: AppContext): () => void {
  let stopped = false;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      const batch = await claimSafely({ ctx });
      if (batch.length === 0) {
        await jobWake.sleep(IDLE_POLL_MS);
        continue;
      }
      await Promise.all(batch.map((job) => runJob({ ctx, job }).catch((err: unknown) => console.error('App user job failed', err))));
    }
  };
  void loop();
  return () => {
    stopped = true;
    jobWake.nudge();
  };
}
