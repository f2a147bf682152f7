// Whether a read that tests no pattern would still test its filter on every row of a large
// collection: no index narrows it (issue 36). Such a scan holds the server's thread as a pattern
// scan does (one condition over 100,000 documents 25-110 ms, an `$or` of 20 about 400 ms), so it
// goes to the read worker too (off-thread-read.ts), within the worker's budget. A small collection
// stays on the thread: its scan is short, and the worker's queue would only delay it.
import type { Statement } from 'better-sqlite3';
import { queryPlan } from './query-plan';

/** Collections up to this many rows (by `max(rowid)`, an upper bound read from the B-tree's edge) are scanned on the thread. */
export const WHOLE_SCAN_MIN_ROWS = 5000;

/**
 * The table read whole, in its own order or in an index's (`SCAN t`, `SCAN t USING INDEX i`: the
 * sort's index walked with no range), rather than looked up (`SEARCH t USING ...`). A walk in the
 * sort's index stops at the page's end, but only when rows match: one filter that matches nothing
 * reads the whole collection, as a count always does.
 */
const scansTable = (collection: string) => (step: string): boolean =>
  step === `SCAN ${collection}` || step.startsWith(`SCAN ${collection} USING INDEX `) || step.startsWith(`SCAN ${collection} USING COVERING INDEX `);

export function largeCollection({ prepare, table }: { prepare: (sql: string) => Statement; table: string }): boolean {
  return ((prepare(`SELECT max(rowid) FROM ${table}`).pluck().get() as number | null) ?? 0) > WHOLE_SCAN_MIN_ROWS;
}

export function scansWholeTable({ prepare, collection, sql, params }: { prepare: (sql: string) => Statement; collection: string; sql: string; params: Record<string, string | number> }): boolean {
  return queryPlan({ prepare, sql, params }).some(scansTable(collection));
}
