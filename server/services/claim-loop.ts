// A store-backed work loop: claim a few due items, run them, sleep when none are due. The items'
// leases live in the store, so any number of instances may run one side by side. Shared by the
// app-user job queue and the billing renewals.
import type { AppContext } from '../context';
import type { Wake } from './queue-wake';
import { holdLease } from './held-leases';
import type { HeldLease } from './held-leases';
import { log } from '../observability/log';

/** The fields of a stored job that a lease is taken and renewed on. */
export interface LeasedJob {
  /** Claims so far: a job that keeps failing (or keeps killing its instance) stops after a few. */
  attempts: number;
  /** Due time while waiting; while an attempt runs, the lease's expiry. */
  nextAttemptAt: string;
  /** The claim's id: a late writer whose lease ran out cannot overwrite a newer claim's work. */
  leaseId?: string;
  lastError?: string;
  created: string;
  updated: string;
}

export interface ClaimLoop<T> {
  /** Named in the logs: "<name> claim failed", "<name> failed". */
  name: string;
  batch: number;
  idlePollMs: number;
  wake: Wake;
  claim: (input: { ctx: AppContext; max: number }) => Promise<T[]>;
  /** `stopping` turns true when the instance stops: a long attempt may end early and give its item back. */
  run: (input: { ctx: AppContext; item: T; stopping: () => boolean }) => Promise<unknown>;
  /** The claim an item was taken under, handed back by a stopping instance if its attempt is not over in time (held-leases.ts). */
  leaseOf: (item: T) => HeldLease | undefined;
}

/** Runs every item due now, and those falling due meanwhile, until none is left (tests, scripts). */
export async function runAllDue<T>({ ctx, loop }: { ctx: AppContext; loop: ClaimLoop<T> }): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await loop.claim({ ctx, max: loop.batch });
    if (batch.length === 0) return total;
    await Promise.all(batch.map((item) => loop.run({ ctx, item, stopping: () => false })));
    total += batch.length;
  }
}

/** Records the batch's claims while its attempts run. */
function holdBatch<T>({ ctx, loop, batch }: { ctx: AppContext; loop: ClaimLoop<T>; batch: T[] }): () => void {
  const leases = new Map<string, HeldLease>();
  for (const item of batch) {
    const lease = loop.leaseOf(item);
    if (lease) leases.set(lease.leaseId, lease);
  }
  const releases = [...leases.values()].map((lease) => holdLease({ store: ctx.store, lease }));
  return () => releases.forEach((release) => release());
}

/** Answers the stop: claiming ends at once, and the promise settles once the attempts under way are over. */
export function startClaimLoop<T>({ ctx, loop }: { ctx: AppContext; loop: ClaimLoop<T> }): () => Promise<void> {
  let stopped = false;
  // A store hiccup must not end the loop; a claim cut short by the store closing at stop is not reported.
  const claimSafely = (): Promise<T[]> =>
    loop.claim({ ctx, max: loop.batch }).catch((err: unknown) => {
      if (!stopped) log.error({ err }, `${loop.name} claim failed`);
      return [];
    });
  const run = async (): Promise<void> => {
    while (!stopped) {
      const seen = loop.wake.nudges();
      const batch = await claimSafely();
      if (batch.length === 0) {
        await loop.wake.sleep(loop.idlePollMs, seen);
        continue;
      }
      const release = holdBatch({ ctx, loop, batch });
      await Promise.all(batch.map((item) => loop.run({ ctx, item, stopping: () => stopped }).catch((err: unknown) => log.error({ err }, `${loop.name} failed`))));
      release();
    }
  };
  const running = run();
  return () => {
    stopped = true;
    loop.wake.nudge();
    return running;
  };
}
