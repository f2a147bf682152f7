// A filter no index narrows makes SQLite test every row even without a pattern (issue 36): on a
// store's file, such reads of a large collection run on the worker thread, so ten of them over
// 100,000 documents at once spend little of their CPU on the server's thread and answer as the
// server's thread does; a scan past the worker's budget ends with a clear error, and a small
// collection or a read an index narrows stays on the server's thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidQueryError } from '../../server/storage/port';
import type { Doc, Filter, Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { WHOLE_SCAN_MIN_ROWS } from '../../server/storage/sqlite/whole-scan';
import { serverThreadShare } from '../helpers/server-thread-share';

interface Item extends Doc {
  /** Indexed. */
  n: number;
  /** The same number, not indexed. */
  w: number;
  colour: string;
}

const COUNT = 100_000;
const COLOURS = ['red', 'green', 'blue'];
const itemsOf = (count: number): Item[] => Array.from({ length: count }, (_, n) => ({ _id: `i${String(n).padStart(6, '0')}`, n, w: n, colour: COLOURS[n % 3] }));

// Twenty conditions no index serves, one of which matches one document.
const WIDE_OR: Filter = { $or: [...Array.from({ length: 19 }, (_, i) => ({ colour: { $in: [`grey${i}`, `pink${i}`] }, w: { $ne: i } })), { w: 12345 }] };
const NOT_IN: Filter = { colour: { $nin: ['red', 'green'] }, w: { $lt: 30 } };
const NONE: Filter = { shade: { $exists: true } };

const timedOut = (ms: number): InvalidQueryError => new InvalidQueryError(`The query took longer than ${ms} ms and was stopped: narrow it with a condition on an indexed field`);

/** Ten reads at once: pages in the index's order and in an order no index gives, counts, a findOne. */
const tenReads = (store: Store): Promise<unknown[]> => {
  const items = store.collection<Item>('items');
  const ids = async (filter: Filter, sort: Record<string, 1 | -1>): Promise<string[]> => (await items.find(filter, { sort, limit: 20 })).map((item) => item._id);
  return Promise.all([
    ids(WIDE_OR, { n: 1 }),
    ids(WIDE_OR, { w: -1 }),
    ids(NOT_IN, { n: -1 }),
    ids(NOT_IN, { w: 1 }),
    items.count(WIDE_OR),
    items.count(NOT_IN),
    items.count(NONE),
    items.count(WIDE_OR),
    (async () => (await items.findOne(NOT_IN, { sort: { w: -1 } }))?._id)(),
    ids(NONE, { n: 1 }),
  ]);
};

describe('scans no index narrows on SQLite', () => {
  let dir: string;
  let path: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-unindexed-scans-'));
    path = join(dir, 'db.sqlite');
    const seeding = await openSqliteStore({ path });
    await seeding.ensureIndex({ collection: 'items', fields: { n: 1 } });
    await seeding.collection<Item>('items').insertMany(itemsOf(COUNT));
    await seeding.collection<Item>('small').insertMany(itemsOf(WHOLE_SCAN_MIN_ROWS));
    await seeding.close();
  }, 120_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs ten scans of 100,000 documents at once off the server thread, with the answers of the server thread', async () => {
    const store = await openSqliteStore({ path });
    const inMemory = await openSqliteStore({ path: ':memory:' });
    try {
      let answers: unknown[] = [];
      const onServerThread = await serverThreadShare(async () => {
        answers = await tenReads(store);
      });
      const notIn = Array.from({ length: 10 }, (_, i) => `i0000${String(3 * i + 2).padStart(2, '0')}`);
      expect(answers).toEqual([['i012345'], ['i012345'], [...notIn].reverse(), notIn, 1, 10, 0, 1, notIn[9], []]);
      expect(onServerThread).toBeLessThan(0.25);
      // An in-memory store has no worker: every read runs on the server's thread.
      await inMemory.ensureIndex({ collection: 'items', fields: { n: 1 } });
      await inMemory.collection<Item>('items').insertMany(itemsOf(COUNT));
      expect(await tenReads(inMemory)).toEqual(answers);
    } finally {
      await store.close();
      await inMemory.close();
    }
  }, 120_000);

  it('sees a write that returned, grouped or not', async () => {
    const store = await openSqliteStore({ path });
    try {
      const items = store.collection<Item>('items');
      await items.insertOne({ _id: 'late-1', n: -1, w: 12345, colour: 'red' });
      await items.insertOne({ _id: 'late-2', n: -2, w: 12345, colour: 'red' }, { groupCommit: true });
      expect(await items.count(WIDE_OR)).toBe(3);
      expect((await items.find(WIDE_OR, { sort: { n: 1 } })).map((item) => item._id)).toEqual(['late-2', 'late-1', 'i012345']);
      expect(await items.deleteMany({ _id: { $in: ['late-1', 'late-2'] } })).toBe(2);
      expect(await items.count(WIDE_OR)).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("ends a scan on the worker that overruns its budget, and leaves a small collection's scan and an indexed read on the server thread", async () => {
    const store = await openSqliteStore({ path, timeBudget: { offThreadMs: 1 } });
    try {
      const items = store.collection<Item>('items');
      await expect(items.count(WIDE_OR)).rejects.toThrow(timedOut(1));
      await expect(items.find(WIDE_OR, { sort: { n: 1 }, limit: 20 })).rejects.toThrow(timedOut(1));
      await expect(items.findOne(NONE)).rejects.toThrow(timedOut(1));
      // Within 1 ms of the worker's CPU these would have been stopped too.
      expect(await store.collection<Item>('small').count(WIDE_OR)).toBe(0);
      expect(await items.count({ n: { $lt: 3 }, colour: { $ne: 'blue' } })).toBe(2);
      expect(await items.count({})).toBe(COUNT);
    } finally {
      await store.close();
    }
  });
});
