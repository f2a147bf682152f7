// The queue leases this process holds while their attempts run, so that a stopping instance can
// hand back those it could not finish in time: their items fall due at once for another instance
// instead of waiting for the lease to run out (docs/backups-and-restarts.md, "Rolling restarts").
import type { Store } from '../storage/port';

export interface HeldLease {
  collection: string;
  /** The field holding the claim's id (renewals keep theirs apart from the subscription's other leases). */
  field: 'leaseId' | 'renewalLeaseId';
  leaseId: string;
}

const heldByStore = new WeakMap<Store, Set<HeldLease>>();

/** Records a claim while its attempts run; call the answer once they are over. */
export function holdLease({ store, lease }: { store: Store; lease: HeldLease }): () => void {
  let held = heldByStore.get(store);
  if (!held) {
    held = new Set();
    heldByStore.set(store, held);
  }
  held.add(lease);
  return () => heldByStore.get(store)?.delete(lease);
}

/**
 * Makes every item still under one of this process's claims due now, with the claim removed (so a
 * late write of the unfinished attempt, which names the claim, changes nothing). Answers how many.
 */
export async function handBackLeases({ store, now }: { store: Store; now: Date }): Promise<number> {
  const held = [...(heldByStore.get(store) ?? [])];
  heldByStore.delete(store);
  let handedBack = 0;
  for (const { collection, field, leaseId } of held) {
    const { modified } = await store.collection(collection).updateMany({ [field]: leaseId }, { $set: { nextAttemptAt: now.toISOString() }, $unset: { [field]: true } });
    handedBack += modified;
  }
  return handedBack;
}
