// The query plans of the statements a SQLite store prepares, for tests that pin which index a
// query reads: every statement prepared while the spy is on is kept with its connection.
import type { Database } from 'better-sqlite3';
import { Database as Driver } from '../../server/storage/sqlite/driver';

export interface PlanSpy {
  /** The plan (its steps' details joined by ' | ') of the last statement prepared that starts with `prefix`. */
  planOf: (prefix: string) => string;
  /** The names of the indexes on `table`, read on the connection that prepared the last statement. */
  indexesOn: (table: string) => string[];
  restore: () => void;
}

export function spyOnPlans(): PlanSpy {
  const prepared = jest.spyOn(Driver.prototype, 'prepare');
  return {
    planOf(prefix) {
      const at = prepared.mock.calls.findLastIndex(([sql]) => sql.startsWith(prefix));
      if (at < 0) throw new Error(`no statement starting with ${prefix} was prepared`);
      const [sql] = prepared.mock.calls[at];
      // The plan does not depend on the values bound, only on the statement.
      const params = Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map(([, name]) => [name, null]));
      const steps = (prepared.mock.contexts[at] as Database).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
      return steps.map((step) => step.detail).join(' | ');
    },
    indexesOn(table) {
      const db = prepared.mock.contexts.at(-1) as Database | undefined;
      if (!db) throw new Error('no statement was prepared');
      return db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name").pluck().all(table) as string[];
    },
    restore: () => prepared.mockRestore(),
  };
}
