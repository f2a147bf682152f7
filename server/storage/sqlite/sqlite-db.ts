// The handle a SQLite collection works with; its own module so that the store and the
// collection do not import each other.
import type { Database, Statement } from 'better-sqlite3';
import type { ArrayPathRegistry } from './array-paths';
import type { OffThreadReader } from './off-thread-read';
import type { TimeBudget } from './time-budget';
import type { GroupCommit } from './group-commit';
import type { MatchSets } from './match-sets';
import type { Doc, Filter, Update } from '../port';

/** A collection's writes run synchronously inside a transaction someone else holds (Store.writeAtomically). */
export interface AtomicWriter {
  insert(doc: Doc): void;
  /** The document before the update, or null when none matched. */
  update(filter: Filter, update: Update): Doc | null;
  delete(filter: Filter): Doc | null;
}

export interface SqliteDb {
  db: Database;
  /** Prepared statements are cached by SQL text; compiled filters repeat a lot. */
  prepare: (sql: string) => Statement;
  arrayPaths: ArrayPathRegistry;
  /** Slow counts and pattern scans on a connection of their own in a worker thread; none for an in-memory store. */
  offThread?: OffThreadReader;
  /** The server connection's budget, and what a statement run on the server's thread may spend. */
  budget: TimeBudget;
  onThreadMs: number;
  /** The inserts that ask for group commit, written together once per turn. */
  groupCommit: GroupCommit;
  /** Each collection's synchronous writes, by name, registered when it is opened. */
  atomicWriters: Map<string, AtomicWriter>;
  /** Rare texts' matches kept in a list's order between requests. */
  matchSets: MatchSets;
}
