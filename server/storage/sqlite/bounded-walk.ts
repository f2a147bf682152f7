// Whether a page read that tests a pattern on each row may stay on the server's thread: its
// patterns are literals their contains indexes found common (compile-filter.ts), so a walk in an
// index's order meets the page's rows after a few hundred rows (contains-planner.ts). That holds
// only for a small page read in the order of an index: a sort SQLite must do itself (a temporary
// B-tree) reads every matching row first, and a deep skip walks past all the skipped ones.
import type { Statement } from 'better-sqlite3';

/** The deepest page end that stays on the thread: 50 pages of 20. */
export const MAX_BOUNDED_ROWS = 1000;
const MAX_PLANS = 500;

type Prepare = (sql: string) => Statement;

/** Per store, by schema version and SQL: an index made or dropped since changes the plan. */
const plansOf = new WeakMap<Prepare, Map<string, boolean>>();

function sortedByIndex(prepare: Prepare, sql: string, params: Record<string, string | number>): boolean {
  const plans = plansOf.get(prepare) ?? new Map<string, boolean>();
  plansOf.set(prepare, plans);
  const key = `${String(prepare('PRAGMA schema_version').pluck().get())}\n${sql}`;
  const known = plans.get(key);
  if (known !== undefined) return known;
  const steps = prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
  const indexed = !steps.some((step) => step.detail.includes('TEMP B-TREE'));
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value ?? '');
  plans.set(key, indexed);
  return indexed;
}

/** The plan depends on the statement, not on the values bound (`params` only lets it run). */
export function pageWalkIsBounded({ prepare, sql, params, skip, limit }: { prepare: Prepare; sql: string; params: Record<string, string | number>; skip: number; limit: number }): boolean {
  if (limit === 0 || skip + limit > MAX_BOUNDED_ROWS) return false;
  return sortedByIndex(prepare, sql, params);
}
