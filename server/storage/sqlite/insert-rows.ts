// Many rows inserted by few statements. Each statement that writes a collection with a contains
// index (contains-index.ts) makes FTS5 write its pending entries out, as its triggers run inside
// the statement's savepoint: one row per statement cost about 100 µs a row over 100,000 rows on
// the shared machine, against 25 µs in statements of 100 rows (docs/storage.md, "Contains indexes").
import type { Statement } from 'better-sqlite3';

export const ROWS_PER_STATEMENT = 100;

type Row = { id: string; body: string };

/** One statement: all of `rows` (at most ROWS_PER_STATEMENT) or, when it fails, none. */
export function insertStatement({ prepare, table, rows }: { prepare: (sql: string) => Statement; table: string; rows: Row[] }): void {
  prepare(`INSERT INTO ${table} (_id, doc) VALUES ${rows.map(() => '(?, ?)').join(', ')}`).run(rows.flatMap(({ id, body }) => [id, body]));
}

export function insertRows({ prepare, table, rows }: { prepare: (sql: string) => Statement; table: string; rows: Row[] }): void {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) insertStatement({ prepare, table, rows: rows.slice(start, start + ROWS_PER_STATEMENT) });
}
