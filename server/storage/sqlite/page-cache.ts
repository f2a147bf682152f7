// How much of the file each connection keeps in memory. better-sqlite3 builds SQLite with a
// 16 MB page cache per connection (SQLITE_DEFAULT_CACHE_SIZE=-16000); the server has two (its
// own and the read worker's), and both fill up over a collection of 100,000 documents, so the
// caches alone held up to 32 MB of the server's RSS. The pages a page read needs (an index's
// first leaves, the page's documents, a contains index's segments for a term) are far fewer, and
// a page not cached is read from the OS's file cache, not the disk (docs/database-speed.md,
// issue 29: RSS outside the V8 heap).
import type { Database } from 'better-sqlite3';

/** KiB, negative as SQLite wants a size rather than a page count. */
export const CACHE_KIB = { server: 8000, worker: 4000 } as const;

/** The worker's scans read each row once, so its cache helps little beyond the hot pages. */
export function boundPageCache(db: Database, connection: keyof typeof CACHE_KIB): void {
  db.pragma(`cache_size = -${CACHE_KIB[connection]}`);
}
