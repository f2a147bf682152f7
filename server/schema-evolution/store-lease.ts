// A named lease in the store, for work that one instance of many must do alone (migrations at
// start-up, scheduled backups; never on a request path). It expires, so an instance killed while holding it holds
// up the others for at most one lease; the holder renews it while it works.
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError } from '../storage/port';
import type { Doc, Store } from '../storage/port';

/** Named leases; also read by the readiness probe, a small collection always there to read. */
export const STORE_LEASES = 'storeLeases';

interface LeaseDoc extends Doc {
  _id: string;
  holder: string;
  expiresAt: string;
}

export interface LeaseTiming {
  leaseMs: number;
  pollMs: number;
  /** Gives up waiting for another holder after this long. */
  waitMs: number;
}

export const LEASE_TIMING: LeaseTiming = { leaseMs: 30_000, pollMs: 250, waitMs: 10 * 60_000 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function tryTake({ store, name, holder, now, leaseMs }: { store: Store; name: string; holder: string; now: () => Date; leaseMs: number }): Promise<boolean> {
  const leases = store.collection<LeaseDoc>(STORE_LEASES);
  const expiresAt = new Date(now().getTime() + leaseMs).toISOString();
  try {
    await leases.insertOne({ _id: name, holder, expiresAt });
    return true;
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  const taken = await leases.findOneAndUpdate({ _id: name, expiresAt: { $lt: now().toISOString() } }, { $set: { holder, expiresAt } });
  return taken !== null;
}

/** Runs `work` under the taken lease, renewing it meanwhile, and gives it back after. */
async function holding<T>({ store, name, holder, now, timing, work }: { store: Store; name: string; holder: string; now: () => Date; timing: LeaseTiming; work: () => Promise<T> }): Promise<T> {
  const leases = store.collection<LeaseDoc>(STORE_LEASES);
  const renew = setInterval(() => {
    void leases.updateOne({ _id: name, holder }, { $set: { expiresAt: new Date(now().getTime() + timing.leaseMs).toISOString() } }).catch(() => undefined);
  }, Math.max(10, Math.floor(timing.leaseMs / 3)));
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await leases.deleteOne({ _id: name, holder });
  }
}

/** Runs `work` while holding the lease `name`, waiting for another holder to finish first. */
export async function withStoreLease<T>({ store, name, now, timing = LEASE_TIMING, work }: { store: Store; name: string; now: () => Date; timing?: LeaseTiming; work: () => Promise<T> }): Promise<T> {
  const holder = randomUUID();
  const startedWaiting = Date.now();
  while (!(await tryTake({ store, name, holder, now, leaseMs: timing.leaseMs }))) {
    if (Date.now() - startedWaiting > timing.waitMs) throw new Error(`Waited ${Math.round(timing.waitMs / 1000)} s for the store lease "${name}" that another instance holds`);
    await sleep(timing.pollMs);
  }
  return holding({ store, name, holder, now, timing, work });
}

/** Runs `work` under the lease `name` if no other instance holds it; answers `skipped` (not waiting, not running it) if one does. */
export async function withStoreLeaseIfFree<T>({ store, name, now, timing = LEASE_TIMING, work }: { store: Store; name: string; now: () => Date; timing?: LeaseTiming; work: () => Promise<T> }): Promise<{ ran: true; result: T } | { ran: false }> {
  const holder = randomUUID();
  if (!(await tryTake({ store, name, holder, now, leaseMs: timing.leaseMs }))) return { ran: false };
  return { ran: true, result: await holding({ store, name, holder, now, timing, work }) };
}
