// Counts that are known to be slow, run on a worker thread with its own connection to the
// store's file. better-sqlite3 is synchronous: a count of 10,000 rows of a million-document
// collection, run on the server's thread, held every other request for 40-55 ms
// (docs/storage.md, "Slow counts"). The worker is started on the first slow count.
import { Worker } from 'node:worker_threads';
import { extname, join } from 'node:path';

export interface CountRequest {
  id: number;
  /** A `SELECT COUNT(*)` compiled on the server's thread for the array paths below. */
  sql: string;
  params: Record<string, string | number>;
  collection: string;
  arrayPaths: string[];
}

/** `stale`: another writer added an array path since the SQL was compiled. */
export type CountAnswer = { id: number; count: number } | { id: number; stale: true } | { id: number; error: string };

export interface OffThreadCounter {
  /** The count, or null when it has to be counted on the calling thread after all. */
  count(request: Omit<CountRequest, 'id'>): Promise<number | null>;
  close(): Promise<void>;
}

export function createOffThreadCounter(path: string): OffThreadCounter {
  let worker: Worker | undefined;
  let broken = false;
  let nextId = 0;
  const waiting = new Map<number, (count: number | null) => void>();

  const settleAll = (): void => {
    for (const done of waiting.values()) done(null);
    waiting.clear();
  };

  const start = (): Worker | undefined => {
    if (worker || broken) return worker;
    // Under tsx and jest this module is TypeScript, and so is the worker's: tsx's require hook
    // loads it (a worker's entry file goes through the ESM loader, which no hook reaches here).
    const entry = join(__dirname, `count-worker${extname(__filename)}`);
    const started = entry.endsWith('.ts')
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true, workerData: { path } })
      : new Worker(entry, { workerData: { path } });
    started.unref();
    started.on('message', (answer: CountAnswer) => {
      const done = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) started.unref();
      done?.('count' in answer ? answer.count : null);
    });
    // A worker that cannot run leaves every count on the calling thread, as before.
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

  return {
    count(request) {
      const running = start();
      if (!running) return Promise.resolve(null);
      const id = (nextId += 1);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        // Held while a count is out, so a caller awaiting it keeps the process alive.
        running.ref();
        running.postMessage({ ...request, id } satisfies CountRequest);
      });
    },
    async close() {
      broken = true;
      await worker?.terminate();
      settleAll();
    },
  };
}
