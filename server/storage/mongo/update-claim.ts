// Exact compare-and-set on FerretDB without a lock: its update reads, changes and overwrites a
// document, so two updates filtered on the same version can both match. Before such an update
// the caller inserts a claim under a unique _id naming the state it expects (port.ts,
// FindOneAndUpdateOptions.claim): one insert succeeds, the others update nothing. The claim is
// removed once the update is done, so a later caller with the same key finds the document moved
// on and matches nothing; one left by a killed process is taken over after CLAIM_TAKEOVER_MS.
import type { Collection as MongoCollection } from 'mongodb';
import { isUniqueViolation } from './errors';

export const CLAIMS_COLLECTION = 'update_claims';

/** Longer than any update between claim and release may take (time-limit.ts bounds each call). */
export const CLAIM_TAKEOVER_MS = 60_000;

interface ClaimDoc {
  _id: string;
  at: number;
}

/** Inserts the claim: its time, or null if another caller holds it. */
async function take({ claims, key, maxTimeMS }: { claims: MongoCollection<ClaimDoc>; key: string; maxTimeMS: number }): Promise<number | null> {
  const at = Date.now();
  try {
    await claims.insertOne({ _id: key, at }, { maxTimeMS });
    return at;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return null;
  }
}

/** A claim older than the bound was left by a process that died: removed by its exact time, so of two callers taking it over only one removes it. */
async function takeOver({ claims, key, maxTimeMS }: { claims: MongoCollection<ClaimDoc>; key: string; maxTimeMS: number }): Promise<number | null> {
  const held = await claims.findOne({ _id: key }, { maxTimeMS });
  if (held && held.at > Date.now() - CLAIM_TAKEOVER_MS) return null;
  if (held && (await claims.deleteOne({ _id: key, at: held.at }, { maxTimeMS })).deletedCount !== 1) return null;
  return take({ claims, key, maxTimeMS });
}

/** Runs `update` only if this caller holds the claim `key`; otherwise answers null, as an update that matched nothing. */
export async function claimed<R>({ claims, key, maxTimeMS, update }: { claims: MongoCollection<ClaimDoc>; key: string; maxTimeMS: number; update: () => Promise<R | null> }): Promise<R | null> {
  const at = (await take({ claims, key, maxTimeMS })) ?? (await takeOver({ claims, key, maxTimeMS }));
  if (at === null) return null;
  try {
    return await update();
  } finally {
    // By its time: a claim taken over from this caller (too slow) is the new holder's.
    await claims.deleteOne({ _id: key, at }, { maxTimeMS });
  }
}
