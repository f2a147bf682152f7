// The handle a SQLite collection works with; its own module so that the store and the
// collection do not import each other.
import type { Database, Statement } from 'better-sqlite3';
import type { ArrayPathRegistry } from './array-paths';

export interface SqliteDb {
  db: Database;
  /** Prepared statements are cached by SQL text; compiled filters repeat a lot. */
  prepare: (sql: string) => Statement;
  arrayPaths: ArrayPathRegistry;
}
