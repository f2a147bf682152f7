// What SQLite's planner does with a statement (EXPLAIN QUERY PLAN), kept per store, schema version
// and SQL: the plan depends on the statement and the indexes, not on the values bound (`params`
// only let it run), and an index made or dropped since bumps the schema version.
import type { Statement } from 'better-sqlite3';

const MAX_PLANS = 500;

type Prepare = (sql: string) => Statement;

const plansOf = new WeakMap<Prepare, Map<string, string[]>>();

/** The plan's steps, each its `detail` text (`SCAN "t" USING INDEX ...`, `USE TEMP B-TREE FOR ORDER BY`). */
export function queryPlan({ prepare, sql, params }: { prepare: Prepare; sql: string; params: Record<string, string | number> }): string[] {
  const plans = plansOf.get(prepare) ?? new Map<string, string[]>();
  plansOf.set(prepare, plans);
  const key = `${String(prepare('PRAGMA schema_version').pluck().get())}\n${sql}`;
  const known = plans.get(key);
  if (known) return known;
  const steps = (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((step) => step.detail);
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value ?? '');
  plans.set(key, steps);
  return steps;
}
