// What the local copy keeps (docs/sdk.md, "Offline-first sync", limits): the records of the stored
// queries, those a waiting write touches, and per collection the last MAX_READ_RECORDS read by
// list or get. A record none of these holds any longer (its query unfollowed or listed again
// without it, a leave, a read pushed out) is dropped, so the copy does not grow without end.
import type { LocalStore } from './store.ts';
import { MAX_READ_RECORDS } from './store.ts';

const readKey = (collection: string): string => `read:${collection}`;

/** Removes each of `ids` that no stored query, waiting write or recent read of `collection` holds. */
export async function dropUnheld({ store, collection, ids }: { store: LocalStore; collection: string; ids: string[] }): Promise<void> {
  if (ids.length === 0) return;
  const held = new Set((await store.getMeta<string[]>(readKey(collection))) ?? []);
  for (const write of await store.queue()) if (write.collection === collection) held.add(write.id);
  const prefix = `${collection}\u0000`;
  for (const key of (await store.queryKeys()).filter((one) => one.startsWith(prefix))) for (const id of (await store.queryIds(key)) ?? []) held.add(id);
  for (const id of new Set(ids)) if (!held.has(id)) await store.removeRecord(collection, id);
}

/** Notes records list or get read (newest last); those pushed past the bound, or `gone` from the server, may be dropped. */
export async function noteRead({ store, collection, ids, gone = [] }: { store: LocalStore; collection: string; ids: string[]; gone?: string[] }): Promise<void> {
  const fresh = new Set(ids);
  const before = (await store.getMeta<string[]>(readKey(collection))) ?? [];
  const all = [...before.filter((id) => !fresh.has(id) && !gone.includes(id)), ...fresh];
  const kept = all.slice(-MAX_READ_RECORDS);
  await store.setMeta(readKey(collection), kept);
  await dropUnheld({ store, collection, ids: [...all.slice(0, all.length - kept.length), ...gone] });
}
