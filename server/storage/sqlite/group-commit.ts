// Group commit of the inserts that ask for it (port.ts, InsertOptions.groupCommit): the documents
// inserted in one turn of the event loop are written in one IMMEDIATE transaction, after that
// turn's I/O (setImmediate), instead of one transaction each. The first insert of a turn, when
// no group is waiting, is written at once on its own: a lone request is not held until the turn
// ends (issue 29: that wait was the create's tail), and only the inserts after it in the same
// turn, which a loaded server has, are grouped. Each insert's promise settles
// only after the transaction committed, with its own outcome: the rows of one collection go in
// as one statement per ROWS_PER_STATEMENT (so a contains index's FTS5 flushes once, not once per
// row: insert-rows.ts). SQLite undoes a statement that breaks a constraint (a duplicate key)
// whole, triggers included, and keeps the transaction: every row of that statement is then tried
// alone, so one row's refusal is that row's error and the others still commit. Any other error
// (which may end the transaction) fails every insert of the group, as does a failed commit: none
// was stored.
import type { Database, Statement } from 'better-sqlite3';
import { insertStatement, ROWS_PER_STATEMENT } from './insert-rows';

export interface GroupedRow {
  table: string;
  collection: string;
  id: string;
  body: string;
  doc: unknown;
}

interface Pending extends GroupedRow {
  settle: (error?: unknown) => void;
}

export interface GroupCommit {
  /** Resolves once the row is committed; rejects with its own error (mapped by `rowError`). */
  insert(row: GroupedRow, rowError: (err: unknown) => unknown): Promise<void>;
}

/** Rows a group takes at most, so one turn's group holds the thread for a bounded time; the rest go in the next. */
export const MAX_GROUP_ROWS = 500;

function byTable(rows: Pending[]): Pending[][] {
  const groups = new Map<string, Pending[]>();
  for (const row of rows) {
    const group = groups.get(row.table) ?? [];
    group.push(row);
    groups.set(row.table, group);
  }
  return [...groups.values()];
}

export function createGroupCommit({ db, prepare, record }: { db: Database; prepare: (sql: string) => Statement; record: (collection: string, doc: unknown) => void }): GroupCommit {
  let pending: Pending[] = [];
  let scheduled = false;

  const isConstraint = (err: unknown): boolean => String((err as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT');

  /** One statement's rows; each row's error (undefined: written). */
  const writeStatement = (rows: Pending[]): unknown[] => {
    try {
      insertStatement({ prepare, table: rows[0].table, rows });
    } catch (err) {
      if (!isConstraint(err)) throw err;
      return rows.length === 1 ? [err] : rows.flatMap((row) => writeStatement([row]));
    }
    for (const row of rows) record(row.collection, row.doc);
    return rows.map(() => undefined);
  };

  /** One table's rows, ROWS_PER_STATEMENT a statement. */
  const writeTable = (rows: Pending[]): unknown[] => {
    const errors: unknown[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) errors.push(...writeStatement(rows.slice(start, start + ROWS_PER_STATEMENT)));
    return errors;
  };

  /** Writes the rows in one transaction and settles each with its outcome. */
  const commit = (group: Pending[]): void => {
    let outcomes: { row: Pending; error: unknown }[];
    try {
      outcomes = db.transaction(() => byTable(group).flatMap((rows) => writeTable(rows).map((error, i) => ({ row: rows[i], error })))).immediate();
    } catch (err) {
      outcomes = group.map((row) => ({ row, error: err }));
    }
    for (const { row, error } of outcomes) row.settle(error);
  };

  const flush = (): void => {
    const group = pending.slice(0, MAX_GROUP_ROWS);
    pending = pending.slice(group.length);
    scheduled = pending.length > 0;
    if (scheduled) setImmediate(flush);
    commit(group);
  };

  /** Whether this turn has written a lone insert already: the next ones of the turn are grouped. */
  let wroteThisTurn = false;
  const endOfTurn = (): void => {
    wroteThisTurn = false;
  };

  return {
    insert(row, rowError) {
      return new Promise<void>((resolve, reject) => {
        const entry = { ...row, settle: (error?: unknown) => (error === undefined ? resolve() : reject(rowError(error))) };
        if (!scheduled && !wroteThisTurn) {
          wroteThisTurn = true;
          setImmediate(endOfTurn);
          commit([entry]);
          return;
        }
        pending.push(entry);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
