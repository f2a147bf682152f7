// The storage port: what services may ask of any engine. Documents are JSON objects
// with a string _id. Filters are the allow-listed subset of MongoDB's query language
// described in docs/storage.md; anything outside it is rejected by validateFilter.

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export interface Doc {
  _id: string;
  [key: string]: unknown;
}

/** A MongoDB-style filter; see docs/storage.md for the allowed operators. */
export type Filter = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, true | 1 | ''>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
  /** Fields written only when an upsert inserts. */
  $setOnInsert?: Record<string, unknown>;
}

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
}

export interface FindOneAndUpdateOptions {
  upsert?: boolean;
  /** Which version to return: the document after the update (default) or before it. */
  returnDocument?: 'before' | 'after';
  /**
   * Only this process ever writes the document (a per-instance counter), so engines whose updates
   * are not atomic need not serialise it with other processes' writes (FerretDB's write lock).
   */
  soleWriter?: boolean;
  /**
   * A key naming the state the filter expects (a document's id and version): of updates with the
   * same key at the same moment at most one is tried, the others match nothing. Only where a
   * lock-free update is not atomic (FerretDB, mongo/update-claim.ts); the filter is exact elsewhere.
   */
  claim?: string;
}

export interface FindOneAndDeleteOptions extends Pick<FindOptions, 'sort'> {
  /** As an update's (FindOneAndUpdateOptions.claim): a delete pinned to a version claims that version, so it and an update pinned to it are never both tried. */
  claim?: string;
}

export interface InsertOptions {
  /**
   * The engine may hold the insert until the end of this turn of the event loop and commit it
   * with the other such inserts of the turn in one transaction (SQLite: sqlite/group-commit.ts).
   * The promise still settles only once this document is stored, with its own error (a duplicate
   * key refuses it alone); until then no reader sees it, so a caller must await it before
   * anything that expects the document.
   */
  groupCommit?: boolean;
}

/** An index over fields in their order (1 ascending, -1 descending), for equality, ranges and sorts. */
export interface KeyIndexSpec {
  collection: string;
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** Leaves out documents missing the field, so a unique index allows many of them (SQLite's unique indexes already skip NULLs). */
  sparse?: boolean;
}

/**
 * A substring index on one text field (dotted paths allowed): a `$regex` on it that is a plain
 * literal of 3 characters or more, such as a search box's case-insensitive contains, finds its
 * documents through the index instead of testing every one. Same answers with or without it.
 * SQLite: an FTS5 trigram table kept in step by triggers; MongoDB: none (docs/storage.md).
 */
export interface ContainsIndexSpec {
  collection: string;
  contains: string;
}

export type IndexSpec = KeyIndexSpec | ContainsIndexSpec;

export interface Page<T> {
  docs: T[];
  total: number;
  page: number;
  pages: number;
  limit: number;
}

export interface CountOptions {
  /**
   * The count is expected to be slow (it was, last time): the engine may run it away from the
   * request thread, on a connection of its own (SQLite: a worker thread). Same answer.
   */
  slow?: boolean;
}

export interface Collection<T extends Doc = Doc> {
  insertOne(doc: T, options?: InsertOptions): Promise<T>;
  /** In order; a duplicate stops it with a DuplicateKeyError (SQLite then stores none of them, MongoDB those before it). */
  insertMany(docs: T[]): Promise<number>;
  /**
   * Each document on its own, in order: for each, whether it was stored. One whose `_id` or unique
   * value was taken is refused (false), which is no error here: writers that take numbered slots.
   */
  insertEach(docs: T[]): Promise<boolean[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'sort'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter, options?: CountOptions): Promise<number>;
  updateOne(filter: Filter, update: Update): Promise<{ matched: number; modified: number }>;
  updateMany(filter: Filter, update: Update): Promise<{ matched: number; modified: number }>;
  /** Atomic: no other writer sees or changes the document in between. */
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  /** Atomically removes and returns the first match (by sort), for queues and single-use tokens. */
  findOneAndDelete(filter: Filter, options?: FindOneAndDeleteOptions): Promise<T | null>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
}

export interface CollectionOptions {
  /**
   * No write of the collection waits for another process, alive or dead (FerretDB's write lock,
   * mongo/write-lock.ts, is not taken). For documents requests write, where an instance killed
   * while holding the lock would stall every writer for the lock's life. The price, on FerretDB
   * only (its updates read, change and overwrite a document by _id): two updates of one document
   * from two processes at the same moment keep the later one's whole document (last writer
   * wins); a delete still removes and returns a document once. MongoDB and SQLite write
   * atomically either way.
   */
  lockFree?: boolean;
}

/** One write of an all-or-nothing group (Store.writeAtomically). */
export type AtomicWrite =
  | { collection: string; insert: Doc }
  | { collection: string; update: { filter: Filter; update: Update } }
  | { collection: string; delete: Filter };

export interface Store {
  readonly engine: 'sqlite' | 'mongodb';
  /** Every call for a name must pass the same options. */
  collection<T extends Doc = Doc>(name: string, options?: CollectionOptions): Collection<T>;
  /** Creates the index when missing; safe to call at every start. */
  ensureIndex(spec: IndexSpec): Promise<void>;
  /** Removes the index of these fields (and uniqueness) when present; for indexes a user's schema asked for. */
  dropIndex(spec: IndexSpec): Promise<void>;
  /**
   * SQLite only: an online copy of the whole database into `file`, taken on the store's own
   * connection a few pages at a time, so the process's writes meanwhile go into the copy and no
   * step holds the thread long (scheduled backups, docs/backups-and-restarts.md).
   */
  backupTo?(file: string): Promise<void>;
  /**
   * SQLite only: copies the WAL into the database file and empties it, after a bulk write made before
   * the server serves (the demo seed left 14 MB there, read around by every query until SQLite's
   * own checkpoint at 40 MB, and left behind by a stop that does not close the store).
   */
  checkpoint?(): Promise<void>;
  /**
   * SQLite only: the writes in order in one transaction, all or none (the public API's batch). Each
   * answers the document it wrote (insert) or the document before it (update, delete). A refused
   * write (a duplicate key) undoes the whole group and is thrown, as is an update or delete that
   * matches nothing (NothingMatchedError): the group was planned on records no longer there.
   */
  writeAtomically?(writes: AtomicWrite[]): Promise<Array<Doc | null>>;
  close(): Promise<void>;
}

/** Store.writeAtomically: the write at `index` (from 0) matched no document, and the group was undone. */
export class NothingMatchedError extends Error {
  constructor(readonly index: number) {
    super(`Write ${index + 1} of the group matched no document`);
    this.name = 'NothingMatchedError';
  }
}

/** Raised by engines when a unique index would be violated (also by ensureIndex over existing duplicates). */
export class DuplicateKeyError extends Error {
  constructor(readonly collection: string, readonly fields: string[]) {
    super(`Duplicate value for ${fields.join(', ')} in ${collection}`);
    this.name = 'DuplicateKeyError';
  }
}

/** Raised when a filter or update uses an operator outside the allow-list or is malformed. */
export class InvalidQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidQueryError';
  }
}

/**
 * Raised when a query runs past its time budget (a scan no index serves): refused like a query
 * outside the grammar, since narrowing it is the caller's remedy.
 */
export class QueryTimeoutError extends InvalidQueryError {
  constructor(readonly ms: number) {
    super(`The query took longer than ${ms} ms and was stopped: narrow it with a condition on an indexed field`);
    this.name = 'QueryTimeoutError';
  }
}
