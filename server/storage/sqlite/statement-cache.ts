// Prepared statements cached by SQL text, oldest dropped first: compiled filters repeat a lot.
import type { Database, Statement } from 'better-sqlite3';

export function statementCache(db: Database, size: number): (sql: string) => Statement {
  const statements = new Map<string, Statement>();
  return (sql) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };
}
