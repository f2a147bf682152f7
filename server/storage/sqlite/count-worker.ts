// The off-thread counter's worker (off-thread-count.ts): its own connection to the store's
// file, only reading. WAL mode lets it read while the server's connection writes; each count
// runs in a read transaction that first checks the array paths the SQL was compiled for.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { registerFunctions } from './sqlite-functions';
import { statementCache } from './statement-cache';
import type { CountAnswer, CountRequest } from './off-thread-count';

const STATEMENT_CACHE_SIZE = 100;

const db = new Database((workerData as { path: string }).path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = true');
registerFunctions(db);
const arrayPathsOf = db.prepare('SELECT path FROM _nindo_array_paths WHERE collection = ?').pluck();
const prepare = statementCache(db, STATEMENT_CACHE_SIZE);

const sameSet = (a: string[], b: string[]): boolean => a.length === b.length && a.every((item) => b.includes(item));

function answer({ id, sql, params, collection, arrayPaths }: CountRequest): CountAnswer {
  try {
    return db
      .transaction((): CountAnswer => {
        if (!sameSet(arrayPathsOf.all(collection) as string[], arrayPaths)) return { id, stale: true };
        return { id, count: prepare(sql).pluck().get(params) as number };
      })
      .deferred();
  } catch (err) {
    return { id, error: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.on('message', (request: CountRequest) => parentPort?.postMessage(answer(request)));
