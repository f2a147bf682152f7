// The off-thread reader's worker (off-thread-read.ts): its own connection to the store's file,
// only reading. WAL mode lets it read while the server's connection writes; each read runs in a
// read transaction that first checks the array paths the SQL was compiled for, and within the
// time budget, which the pattern function enforces row by row (time-budget.ts).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { Database } from './driver';
import { QueryTimeoutError } from '../port';
import { registerFunctions } from './sqlite-functions';
import { statementCache } from './statement-cache';
import { boundPageCache } from './page-cache';
import type { ReadAnswer, ReadRequest, Row } from './off-thread-read';

const STATEMENT_CACHE_SIZE = 100;
/** The worker's nice value: on a busy machine a scan waits for the CPU rather than the server's requests. */
const NICE = 10;

/** On Linux a thread has a nice value of its own, set through its thread id; elsewhere the worker keeps the process's. */
function yieldToServerThread(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), NICE);
  } catch {
    // Not Linux (no /proc/thread-self): the scans share the process's priority.
  }
}

yieldToServerThread();

const { path, budgetMs } = workerData as { path: string; budgetMs: number };
const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = true');
boundPageCache(db, 'worker');
const budget = registerFunctions(db);
const arrayPathsOf = db.prepare('SELECT path FROM _nindo_array_paths WHERE collection = ?').pluck();
const prepare = statementCache(db, STATEMENT_CACHE_SIZE);

const sameSet = (a: string[], b: string[]): boolean => a.length === b.length && a.every((item) => b.includes(item));

function answer({ id, sql, params, collection, arrayPaths, answer: wanted }: ReadRequest): ReadAnswer {
  try {
    return db
      .transaction((): ReadAnswer => {
        if (!sameSet(arrayPathsOf.all(collection) as string[], arrayPaths)) return { id, stale: true };
        const statement = prepare(sql).pluck(wanted === 'count');
        return budget.within(budgetMs, () => (wanted === 'count' ? { id, count: statement.get(params) as number } : { id, rows: statement.all(params) as Row[] }));
      })
      .deferred();
  } catch (err) {
    if (err instanceof QueryTimeoutError) return { id, timedOutAfterMs: err.ms };
    return { id, error: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.on('message', (request: ReadRequest) => parentPort?.postMessage(answer(request)));
