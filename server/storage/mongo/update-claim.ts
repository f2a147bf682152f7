// Exact compare-and-set on FerretDB without a lock: its update reads, changes and overwrites a
// document, so two updates filtered on the same version can both match. Before such an update
// the caller inserts a claim under a unique _id naming the state it expects (port.ts,
// FindOneAndUpdateOptions.claim): one insert succeeds, the others update nothing. The claim is
// removed once the update is done, so a later caller with the same key finds the document moved
// on and matches nothing; one left by a killed process is taken over after CLAIM_TAKEOVER_MS, and
// pruned with every other such claim by the store's next claim once a CLAIM_TAKEOVER_MS has passed
// since its last prune (no timer: a store that claims nothing leaves the collection as it is).
import type { Collection as MongoCollection } from 'mongodb';
import { isUniqueViolation } from './errors';

export const CLAIMS_COLLECTION = 'update_claims';

/** Longer than any update between claim and release may take (time-limit.ts bounds each call). */
export const CLAIM_TAKEOVER_MS = 60_000;

export interface ClaimDoc {
  _id: string;
  at: number;
}

type Claims = MongoCollection<ClaimDoc>;

/** Runs `update` only if this caller holds the claim `key`; otherwise answers null, as an update that matched nothing. */
export type Claimed = <R>({ key, update }: { key: string; update: () => Promise<R | null> }) => Promise<R | null>;

/** Inserts the claim: its time, or null if another caller holds it. */
async function take({ claims, key, maxTimeMS }: { claims: Claims; key: string; maxTimeMS: number }): Promise<number | null> {
  const at = Date.now();
  try {
    await claims.insertOne({ _id: key, at }, { maxTimeMS });
    return at;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return null;
  }
}

/**
 * A claim older than the bound was left by a process that died: removed by its exact time, so a
 * fresh claim is never removed, then taken by an insert, so of several callers taking it over (or
 * one racing a prune) only one gets it.
 */
async function takeOver({ claims, key, maxTimeMS }: { claims: Claims; key: string; maxTimeMS: number }): Promise<number | null> {
  const held = await claims.findOne({ _id: key }, { maxTimeMS });
  if (held && held.at > Date.now() - CLAIM_TAKEOVER_MS) return null;
  if (held) await claims.deleteOne({ _id: key, at: held.at }, { maxTimeMS });
  return take({ claims, key, maxTimeMS });
}

/** The claims of one store, in `claims`; each of its calls bounded by `maxTimeMS`. */
export function updateClaims({ claims, maxTimeMS }: { claims: Claims; maxTimeMS: number }): Claimed {
  let prunedAt = 0;
  // Only claims a takeover would remove anyway; their holders release by exact time and find nothing.
  const prune = async (): Promise<void> => {
    const now = Date.now();
    if (now - prunedAt < CLAIM_TAKEOVER_MS) return;
    prunedAt = now;
    await claims.deleteMany({ at: { $lt: now - CLAIM_TAKEOVER_MS } }, { maxTimeMS });
  };
  return async ({ key, update }) => {
    await prune();
    const at = (await take({ claims, key, maxTimeMS })) ?? (await takeOver({ claims, key, maxTimeMS }));
    if (at === null) return null;
    try {
      return await update();
    } finally {
      // By its time: a claim taken over from this caller (too slow) is the new holder's.
      await claims.deleteOne({ _id: key, at }, { maxTimeMS });
    }
  };
}
