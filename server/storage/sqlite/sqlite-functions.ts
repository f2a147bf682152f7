// The SQL functions compiled filters call, registered on every connection to a store's file
// (the server's and the worker's).
import type { Database } from 'better-sqlite3';
import { compilePattern } from '../pattern';
import { createTimeBudget } from './time-budget';
import type { TimeBudget } from './time-budget';

/**
 * `$regex` on SQLite (compile-filter.ts calls it by this name): RE2, linear in the text. It runs
 * on every row a scan meets, since no index serves a pattern, so it also enforces the budget.
 */
export const PATTERN_FUNCTION = 'nindo_regexp';

/** Whether a compiled statement tests a pattern on each row it reads. */
export const scansWithPattern = (sql: string): boolean => sql.includes(`${PATTERN_FUNCTION}(`);

const BUDGET_FUNCTION = 'nindo_budget';

/**
 * A term that is always true and asks the budget, for a scan that tests no pattern (whole-scan.ts):
 * put first in its WHERE, it runs on every row the scan meets. Not deterministic, so SQLite
 * evaluates it per row rather than once; it names no column, so the plan stays the same.
 */
export const BUDGET_TERM = `${BUDGET_FUNCTION}()`;

/** Registers the functions; the answer is the connection's time budget, which they enforce. */
export function registerFunctions(db: Database): TimeBudget {
  const budget = createTimeBudget();
  db.function(PATTERN_FUNCTION, { deterministic: true }, (source: unknown, flags: unknown, value: unknown) => {
    budget.check();
    if (typeof value !== 'string') return 0;
    return compilePattern({ source: String(source), ignoreCase: flags === 'i' }).test(value) ? 1 : 0;
  });
  db.function(BUDGET_FUNCTION, { deterministic: false }, () => {
    budget.check();
    return 1;
  });
  return budget;
}
