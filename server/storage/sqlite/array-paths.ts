// Per collection, the paths at which some document has held an array: the filter compiler
// emits array traversal only for those (see docs/storage.md). Kept in _nindo_array_paths
// so every process sharing the file sees them, cached here until another connection commits.
import type { Database, Statement } from 'better-sqlite3';
import { arrayPathsOf } from './sql-path';

export interface ArrayPathRegistry {
  /** Runs `read` with the collection's array paths, consistent with the data it reads. */
  consistentRead<R>(collection: string, read: (paths: ReadonlySet<string>) => R): R;
  /** Records the array paths of a document being written (call inside the write transaction). */
  record(collection: string, doc: unknown): void;
}

export function createArrayPathRegistry(db: Database, prepare: (sql: string) => Statement): ArrayPathRegistry {
  const cache = new Map<string, Set<string>>();
  let cachedVersion = -1;
  // data_version changes when another connection commits; our own writes update the cache.
  const version = (): number => prepare('PRAGMA data_version').pluck().get() as number;
  const fromTable = (collection: string): Set<string> =>
    new Set(prepare('SELECT path FROM _nindo_array_paths WHERE collection = ?').pluck().all(collection) as string[]);

  return {
    consistentRead(collection, read) {
      const cached = cache.get(collection);
      if (cached) {
        const result = read(cached);
        // Nobody else committed since the cache was filled: paths and data agree.
        if (version() === cachedVersion) return result;
      }
      return db
        .transaction(() => {
          const current = version();
          if (current !== cachedVersion) {
            cache.clear();
            cachedVersion = current;
          }
          const paths = fromTable(collection);
          cache.set(collection, paths);
          return read(paths);
        })
        .deferred();
    },
    record(collection, doc) {
      for (const path of arrayPathsOf(doc)) {
        prepare('INSERT OR IGNORE INTO _nindo_array_paths (collection, path) VALUES (?, ?)').run(collection, path);
        cache.get(collection)?.add(path);
      }
    },
  };
}
