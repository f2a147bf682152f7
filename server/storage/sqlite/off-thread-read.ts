// Reads that would hold the server's thread, run on a worker thread with its own connection to
// the store's file: counts known to be slow, every read that tests a pattern on each row it
// meets (a scan no index serves), and every read of a large collection no index narrows
// (whole-scan.ts). better-sqlite3 is synchronous: a count of 10,000 rows of a million-document
// collection held every other request for 40-55 ms, and ten pattern scans of 100,000 documents
// held /api/health for 1.7-4.7 s (docs/storage.md, "Slow counts" and "Patterns"). The worker is
// started on the first such read and ends a read past its budget.
import { Worker } from 'node:worker_threads';
import { extname, join } from 'node:path';
import { QueryTimeoutError } from '../port';

export interface Row {
  _id: string;
  doc: string;
}

export interface ReadRequest {
  id: number;
  /** A SELECT compiled on the server's thread for the array paths below. */
  sql: string;
  params: Record<string, string | number>;
  collection: string;
  arrayPaths: string[];
  /** `count`: the first column of the first row; `rows`: every row. */
  answer: 'count' | 'rows';
}

/** `stale`: another writer added an array path since the SQL was compiled; `timedOutAfterMs`: the read overran its budget. */
export type ReadAnswer =
  | { id: number; count: number }
  | { id: number; rows: Row[] }
  | { id: number; stale: true }
  | { id: number; error: string }
  | { id: number; timedOutAfterMs: number };

export type OffThreadRequest = Omit<ReadRequest, 'id' | 'answer'>;

/**
 * Each read answers null when it has to run on the calling thread after all (no worker, a stale
 * compilation, any other error), and rejects with QueryTimeoutError when it overran its budget.
 */
export interface OffThreadReader {
  count(request: OffThreadRequest): Promise<number | null>;
  rows(request: OffThreadRequest): Promise<Row[] | null>;
  close(): Promise<void>;
}

function settled(answer: ReadAnswer | null): ReadAnswer | null {
  if (answer && 'timedOutAfterMs' in answer) throw new QueryTimeoutError(answer.timedOutAfterMs);
  return answer;
}

export function createOffThreadReader({ path, budgetMs }: { path: string; budgetMs: number }): OffThreadReader {
  let worker: Worker | undefined;
  let broken = false;
  let nextId = 0;
  const waiting = new Map<number, (answer: ReadAnswer | null) => void>();

  const settleAll = (): void => {
    for (const done of waiting.values()) done(null);
    waiting.clear();
  };

  const start = (): Worker | undefined => {
    if (worker || broken) return worker;
    // Under tsx and jest this module is TypeScript, and so is the worker's: tsx's require hook
    // loads it (a worker's entry file goes through the ESM loader, which no hook reaches here).
    const entry = join(__dirname, `read-worker${extname(__filename)}`);
    const workerData = { path, budgetMs };
    const started = entry.endsWith('.ts')
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true, workerData })
      : new Worker(entry, { workerData });
    started.unref();
    started.on('message', (answer: ReadAnswer) => {
      const done = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) started.unref();
      done?.(answer);
    });
    // A worker that cannot run leaves every read on the calling thread, as before.
    started.on('error', () => {
      broken = true;
    });
    started.on('exit', () => {
      worker = undefined;
      settleAll();
    });
    worker = started;
    return worker;
  };

  const ask = (request: Omit<ReadRequest, 'id'>): Promise<ReadAnswer | null> => {
    const running = start();
    if (!running) return Promise.resolve(null);
    const id = (nextId += 1);
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      // Held while a read is out, so a caller awaiting it keeps the process alive.
      running.ref();
      running.postMessage({ ...request, id } satisfies ReadRequest);
    });
  };

  return {
    async count(request) {
      const answer = settled(await ask({ ...request, answer: 'count' }));
      return answer && 'count' in answer ? answer.count : null;
    },
    async rows(request) {
      const answer = settled(await ask({ ...request, answer: 'rows' }));
      return answer && 'rows' in answer ? answer.rows : null;
    },
    async close() {
      broken = true;
      await worker?.terminate();
      settleAll();
    },
  };
}
