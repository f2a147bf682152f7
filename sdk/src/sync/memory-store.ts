// The local copy in memory: for Node and tests. Values are cloned in and out, as IndexedDB's are,
// so a caller never edits the stored copy by accident.
import type { NindoDocument } from '../collection.ts';
import type { LocalStore, QueuedWrite } from './store.ts';

export function memoryStore(): LocalStore {
  const records = new Map<string, Map<string, NindoDocument>>();
  const queries = new Map<string, string[]>();
  const writes = new Map<number, QueuedWrite>();
  const meta = new Map<string, unknown>();
  let nextKey = 1;
  const collectionOf = (name: string): Map<string, NindoDocument> => {
    const found = records.get(name) ?? new Map<string, NindoDocument>();
    records.set(name, found);
    return found;
  };
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    getRecord: async (collection, id) => copy(records.get(collection)?.get(id)),
    records: async (collection) => [...(records.get(collection)?.values() ?? [])].map(copy),
    putRecords: async (collection, docs) => {
      const found = collectionOf(collection);
      for (const doc of docs) found.set(doc._id, copy(doc));
    },
    removeRecord: async (collection, id) => {
      records.get(collection)?.delete(id);
    },
    queryIds: async (key) => copy(queries.get(key)),
    setQueryIds: async (key, ids) => {
      queries.set(key, [...ids]);
    },
    queryKeys: async () => [...queries.keys()],
    removeQuery: async (key) => {
      queries.delete(key);
    },
    queue: async () => [...writes.values()].sort((a, b) => a.key - b.key).map(copy),
    enqueue: async (write) => {
      const stored = { ...copy(write), key: nextKey++ };
      writes.set(stored.key, stored);
      return copy(stored);
    },
    replaceWrite: async (write) => {
      if (writes.has(write.key)) writes.set(write.key, copy(write));
    },
    removeWrite: async (key) => {
      writes.delete(key);
    },
    getMeta: async <T>(name: string) => copy(meta.get(name) as T | undefined),
    setMeta: async (name, value) => {
      meta.set(name, copy(value));
    },
  };
}
