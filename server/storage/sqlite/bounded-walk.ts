// Whether a page read that tests a pattern on each row may stay on the server's thread: its
// patterns are literals their contains indexes found common (compile-filter.ts), so a walk in an
// index's order meets the page's rows after a few hundred rows (contains-planner.ts). That holds
// only for a small page read in the order of an index: a sort SQLite must do itself (a temporary
// B-tree) reads every matching row first, and a deep skip walks past all the skipped ones.
import type { Statement } from 'better-sqlite3';
import { queryPlan } from './query-plan';

/** The deepest page end that stays on the thread: 50 pages of 20. */
export const MAX_BOUNDED_ROWS = 1000;

export function pageWalkIsBounded({ prepare, sql, params, skip, limit }: { prepare: (sql: string) => Statement; sql: string; params: Record<string, string | number>; skip: number; limit: number }): boolean {
  if (limit === 0 || skip + limit > MAX_BOUNDED_ROWS) return false;
  return !queryPlan({ prepare, sql, params }).some((step) => step.includes('TEMP B-TREE'));
}
