// A followed query in the local copy: its documents listed (all pages, up to the bound), then kept
// by the live events of its subscription: created, updated and enter put a record in, deleted and
// leave take it out, reset lists it again. Its view adds the writes still waiting.
import type { Client } from '../client.ts';
import type { NindoDocument, Query } from '../collection.ts';
import type { LiveEvent } from '../live.ts';
import { matches } from './match.ts';
import { pendingOf, recordOf } from './overlay.ts';
import { dropUnheld } from './prune.ts';
import type { LocalStore } from './store.ts';
import { MAX_FOLLOWED_DOCUMENTS } from './store.ts';

const PAGE = 100;

export const queryKey = (collection: string, query: Query): string => `${collection}\u0000${JSON.stringify(query)}`;
export const collectionOfKey = (key: string): string => key.slice(0, key.indexOf('\u0000'));

/** Keeps a record unless the copy holds a newer version already (an event after a fresher answer). */
export async function putNewer({ store, collection, docs }: { store: LocalStore; collection: string; docs: NindoDocument[] }): Promise<void> {
  const fresh: NindoDocument[] = [];
  for (const doc of docs) {
    const held = await store.getRecord(collection, doc._id);
    if (!held || (held._version ?? 0) <= (doc._version ?? 0)) fresh.push(recordOf(doc));
  }
  await store.putRecords(collection, fresh);
}

/** Lists the query whole into the copy; more than the bound is refused, with the count. */
export async function refetch({ client, store, collection, query }: { client: Client; store: LocalStore; collection: string; query: Query }): Promise<void> {
  const documents = client.collection(collection);
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page * PAGE < MAX_FOLLOWED_DOCUMENTS; page += 1) {
    const answer = await documents.list({ query, limit: PAGE, ...(cursor ? { cursor } : {}) });
    if (answer.total > MAX_FOLLOWED_DOCUMENTS) throw new Error(`A followed query keeps at most ${MAX_FOLLOWED_DOCUMENTS} documents; ${collection} ${JSON.stringify(query)} matches ${answer.total}: narrow it`);
    await putNewer({ store, collection, docs: answer.items });
    ids.push(...answer.items.map((doc) => doc._id));
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  const key = queryKey(collection, query);
  const before = (await store.queryIds(key)) ?? [];
  await store.setQueryIds(key, ids);
  const listed = new Set(ids);
  // Gone from the query while it was not followed (deleted, or changed out of it).
  await dropUnheld({ store, collection, ids: before.filter((id) => !listed.has(id)) });
}

/** One event of the query's subscription applied to the copy; false for a reset (list again). */
export async function applyEvent({ store, key, event }: { store: LocalStore; key: string; event: LiveEvent }): Promise<boolean> {
  if (event.type === 'reset') return false;
  const ids = (await store.queryIds(key)) ?? [];
  const without = ids.filter((id) => id !== event.document._id);
  if (event.type === 'deleted') await store.removeRecord(event.collection, event.document._id);
  if (event.type === 'deleted' || event.type === 'leave') {
    await store.setQueryIds(key, without);
    if (event.type === 'leave') await dropUnheld({ store, collection: event.collection, ids: [event.document._id] });
    return true;
  }
  await putNewer({ store, collection: event.collection, docs: [event.document] });
  if (without.length === ids.length) {
    if (ids.length >= MAX_FOLLOWED_DOCUMENTS) throw new Error(`A followed query keeps at most ${MAX_FOLLOWED_DOCUMENTS} documents; ${event.collection} grew past that: narrow it`);
    await store.setQueryIds(key, [...ids, event.document._id]);
  }
  return true;
}

/** The query's documents as the app sees them: the server's, with the waiting writes applied. */
export async function viewOf({ store, collection, query, key }: { store: LocalStore; collection: string; query: Query; key: string }): Promise<NindoDocument[]> {
  const ids = (await store.queryIds(key)) ?? [];
  const held = await Promise.all(ids.map((id) => store.getRecord(collection, id)));
  const records = new Map(held.filter((doc): doc is NindoDocument => doc !== undefined).map((doc) => [doc._id, doc]));
  const writes = await store.queue();
  const pending = pendingOf({ collection, writes, records });
  const listed = ids.map((id) => (pending.has(id) ? pending.get(id) : records.get(id)));
  // A record created here shows where its fields match (or where the query is beyond the local check) until the server places it.
  const created = writes.filter((w) => w.collection === collection && w.action === 'create' && !records.has(w.id)).map((w) => pending.get(w.id));
  const fresh = created.filter((doc): doc is NindoDocument => doc !== undefined && matches(doc, query) !== false);
  const seen = new Set<string>();
  return [...listed, ...fresh].filter((doc): doc is NindoDocument => {
    if (!doc || seen.has(doc._id)) return false;
    seen.add(doc._id);
    return true;
  });
}
