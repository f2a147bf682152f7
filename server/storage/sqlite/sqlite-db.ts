// The handle a SQLite collection works with; its own module so that the store and the
// collection do not import each other.
import type { Database, Statement } from 'better-sqlite3';
import type { ArrayPathRegistry } from './array-paths';
import type { OffThreadCounter } from './off-thread-count';

export interface SqliteDb {
  db: Database;
  /** Prepared statements are cached by SQL text; compiled filters repeat a lot. */
  prepare: (sql: string) => Statement;
  arrayPaths: ArrayPathRegistry;
  /** Slow counts on a connection of their own in a worker thread; none for an in-memory store. */
  offThread?: OffThreadCounter;
}
