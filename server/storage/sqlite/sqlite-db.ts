// The handle a SQLite collection works with; its own module so that the store and the
// collection do not import each other.
import type { Database, Statement } from 'better-sqlite3';
import type { ArrayPathRegistry } from './array-paths';
import type { OffThreadReader } from './off-thread-read';
import type { TimeBudget } from './time-budget';
import type { GroupCommit } from './group-commit';

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
}
