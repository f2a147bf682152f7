// The local copy's port: what sync keeps between sessions (the server's records, each followed
// query's ids, the queue of writes not yet sent, the last event seq, the conflicts reported), so
// one engine serves Node and tests (memory-store.ts) and another browsers (indexeddb-store.ts).
import type { NindoDocument } from '../collection.ts';

/** A followed query keeps at most this many documents; a longer one is refused (narrow it). */
export const MAX_FOLLOWED_DOCUMENTS = 1_000;
/** Queries kept in the copy (followed now or in an earlier session); past this the ones not followed now go. */
export const MAX_STORED_QUERIES = 100;
/** Per collection, records read by list or get (outside a stored query) kept for offline reads; past this the longest unread go. */
export const MAX_READ_RECORDS = 1_000;
/** Writes waiting to be sent; one more is refused until the queue drains. */
export const MAX_QUEUED_WRITES = 1_000;
/** Conflicts kept until dismissed; past this the oldest go (each was reported when it happened). */
export const MAX_CONFLICTS = 1_000;

export type WriteAction = 'create' | 'update' | 'delete';

export interface QueuedWrite {
  /** The store's key: writes are sent in its order. */
  key: number;
  collection: string;
  action: WriteAction;
  id: string;
  /** A create's fields or an update's changes (null removes a field, as the API does). */
  body?: Record<string, unknown>;
  /** The server `_version` the edit was based on (0: a record created locally, not yet sent). */
  ifMatch: number;
  /** The record as the edit found it (earlier local edits applied): the base of a three-way merge; a create's, the record it made. */
  base: NindoDocument | null;
}

export interface Conflict {
  collection: string;
  id: string;
  /** `update`/`delete`: the record changed (or went) since the edit's version; `refused`: the server refused the write. */
  kind: 'update' | 'delete' | 'refused';
  /** The record as the local edit made it (null for a delete). */
  local: NindoDocument | null;
  /** The record on the server now (null when it is gone). */
  remote: NindoDocument | null;
  base: NindoDocument | null;
  /** What was done: the server's version kept, the local edit sent again, or a merged body sent. */
  resolution: 'remote' | 'local' | 'merged';
  /** The server's message, for a refused write. */
  message?: string;
  at: string;
}

export interface LocalStore {
  /** Set when the copy is shared by several tabs under this name (Web Locks and BroadcastChannel use it). */
  shared?: string;
  getRecord: (collection: string, id: string) => Promise<NindoDocument | undefined>;
  records: (collection: string) => Promise<NindoDocument[]>;
  putRecords: (collection: string, docs: NindoDocument[]) => Promise<void>;
  removeRecord: (collection: string, id: string) => Promise<void>;
  queryIds: (key: string) => Promise<string[] | undefined>;
  setQueryIds: (key: string, ids: string[]) => Promise<void>;
  /** Every stored query's key. */
  queryKeys: () => Promise<string[]>;
  removeQuery: (key: string) => Promise<void>;
  /** Every waiting write, oldest first. */
  queue: () => Promise<QueuedWrite[]>;
  enqueue: (write: Omit<QueuedWrite, 'key'>) => Promise<QueuedWrite>;
  replaceWrite: (write: QueuedWrite) => Promise<void>;
  removeWrite: (key: number) => Promise<void>;
  getMeta: <T>(name: string) => Promise<T | undefined>;
  setMeta: (name: string, value: unknown) => Promise<void>;
}
