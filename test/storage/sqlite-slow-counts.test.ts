// Slow counts on SQLite run on a worker thread with its own connection (off-thread-read.ts):
// the same answers as on the server's thread, and a count compiled for array paths that another
// connection has since changed is handed back instead of answered wrong.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Doc, Filter, Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { createOffThreadReader } from '../../server/storage/sqlite/off-thread-read';
import type { OffThreadReader } from '../../server/storage/sqlite/off-thread-read';
import { TIME_BUDGETS } from '../../server/storage/sqlite/sqlite-store';

interface Thing extends Doc {
  title: string;
  n: number;
  tags?: string | string[];
}

const things: Thing[] = Array.from({ length: 60 }, (_, i) => ({
  _id: `t${i}`,
  title: i % 3 === 0 ? `Oak lamp ${i}` : `Pine desk ${i}`,
  n: i,
  ...(i % 4 === 0 ? { tags: ['red', 'blue'] } : i % 4 === 1 ? { tags: 'red' } : {}),
}));

describe('slow counts on a SQLite file', () => {
  let dir: string;
  let path: string;
  let store: Store;
  let counter: OffThreadReader;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-slow-counts-'));
    path = join(dir, 'db.sqlite');
    store = await openSqliteStore({ path });
    await store.collection<Thing>('things').insertMany(things);
    counter = createOffThreadReader({ path, budgetMs: TIME_BUDGETS.offThreadMs });
  });
  afterAll(async () => {
    await counter.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each<[string, Filter, number]>([
    ['everything', {}, 60],
    ['a range', { n: { $gte: 10, $lt: 40 } }, 30],
    ['a contains search (the regexp function on the worker connection)', { title: { $regex: 'LAMP', $options: 'i' } }, 20],
    ['an element of an array or the scalar itself', { tags: 'red' }, 30],
    ['nothing', { n: { $gt: 1000 } }, 0],
  ])('counts %s as on its own thread', async (_name, filter, expected) => {
    const things = store.collection<Thing>('things');
    expect(await things.count(filter)).toBe(expected);
    expect(await things.count(filter, { slow: true })).toBe(expected);
  });

  it('answers on the worker, not on the calling thread', async () => {
    await expect(counter.count({ sql: 'SELECT COUNT(*) FROM "things" WHERE 1', params: {}, collection: 'things', arrayPaths: ['tags'] })).resolves.toBe(60);
  });

  it('hands back a count compiled for array paths that have changed since', async () => {
    await expect(counter.count({ sql: 'SELECT COUNT(*) FROM "things" WHERE 1', params: {}, collection: 'things', arrayPaths: [] })).resolves.toBeNull();
  });

  it('hands back a count whose SQL the worker cannot run, so the caller reports the error', async () => {
    await expect(counter.count({ sql: 'SELECT COUNT(*) FROM nowhere', params: {}, collection: 'things', arrayPaths: ['tags'] })).resolves.toBeNull();
  });

  it('counts on its own thread once closed', async () => {
    const closed = createOffThreadReader({ path, budgetMs: TIME_BUDGETS.offThreadMs });
    await closed.close();
    await expect(closed.count({ sql: 'SELECT COUNT(*) FROM "things"', params: {}, collection: 'things', arrayPaths: ['tags'] })).resolves.toBeNull();
  });
});
