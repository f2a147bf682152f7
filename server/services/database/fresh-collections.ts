// The collection definitions the public data API answers with, read at most COLLECTION_FRESH_MS
// ago by this process. Every public call read its collection's definition (its fields and rules)
// from the store: one round trip of the two to four a create, update, delete or list makes, and on
// FerretDB at load often among the slowest (docs/database-speed.md). A change made through this
// process applies at once (each write of a definition forgets the app's, collection-cache.ts); one
// made through another instance within COLLECTION_FRESH_MS, as credentials do (VERIFIED_MS). A
// name that finds nothing is not kept, so a new collection is there at once on every instance.
import type { AppContext } from '../../context';
import { COLLECTION_FRESH_MS, keepCollection, keptCollection } from './collection-cache';
import { findCollection } from './collections';
import type { CollectionDoc } from './model';

/** The collection by name or id, as this process read it at most COLLECTION_FRESH_MS ago. */
export async function freshCollection({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<CollectionDoc> {
  const kept = keptCollection({ ctx, appId, name });
  if (kept && ctx.now().getTime() - kept.at < COLLECTION_FRESH_MS) return kept.doc;
  const doc = await findCollection({ ctx, appId, name });
  keepCollection({ ctx, appId, name, doc });
  return doc;
}
