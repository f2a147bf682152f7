// A pattern no index serves makes SQLite read every row: on a store's file such reads run on the
// worker thread, so ten scans of 100,000 documents at once spend little of their CPU on the
// server's thread, and a scan that overruns its time budget ends with a clear error on either
// thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidQueryError } from '../../server/storage/port';
import type { Doc, Store } from '../../server/storage/port';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { serverThreadShare } from '../helpers/server-thread-share';

interface Lamp extends Doc {
  title: string;
  n: number;
}

const COUNT = 100_000;
const lamps: Lamp[] = Array.from({ length: COUNT }, (_, n) => ({ _id: `l${String(n).padStart(6, '0')}`, title: `Oak lamp ${n} with a linen shade`, n }));
// Regex syntax, so no LIKE test can discard rows first: every row meets the pattern.
const RARE = { title: { $regex: 'lamp 1234[0-9] with' } };
const RARE_IDS = Array.from({ length: 10 }, (_, i) => `l0${12340 + i}`);
const NONE = { title: { $regex: 'lamp [0-9]+ without' } };

const timedOut = (ms: number): InvalidQueryError => new InvalidQueryError(`The query took longer than ${ms} ms and was stopped: narrow it with a condition on an indexed field`);

describe('scans of a pattern on SQLite', () => {
  let dir: string;
  let path: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-pattern-scans-'));
    path = join(dir, 'db.sqlite');
    const seeding = await openSqliteStore({ path });
    await seeding.collection<Lamp>('lamps').insertMany(lamps);
    await seeding.close();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('on a file', () => {
    let store: Store;
    beforeAll(async () => {
      store = await openSqliteStore({ path });
    });
    afterAll(async () => {
      await store.close();
    });

    it('runs ten scans of 100,000 documents at once off the server thread, with the same answers', async () => {
      const lampsOf = store.collection<Lamp>('lamps');
      let answers: unknown[] = [];
      const onServerThread = await serverThreadShare(async () => {
        answers = await Promise.all([
          ...Array.from({ length: 4 }, async () => (await lampsOf.find(RARE, { sort: { n: 1 }, limit: 20 })).map((lamp) => lamp._id)),
          ...Array.from({ length: 4 }, () => lampsOf.count(RARE)),
          (async () => (await lampsOf.findOne(RARE, { sort: { n: -1 } }))?._id)(),
          lampsOf.count(NONE),
        ]);
      });
      expect(answers).toEqual([...Array.from({ length: 4 }, () => RARE_IDS), 10, 10, 10, 10, RARE_IDS[9], 0]);
      expect(onServerThread).toBeLessThan(0.25);
    }, 120_000);
  });

  it('ends a scan on the worker that overruns its time budget', async () => {
    const store = await openSqliteStore({ path, timeBudget: { offThreadMs: 5 } });
    try {
      await expect(store.collection<Lamp>('lamps').count(NONE)).rejects.toThrow(timedOut(5));
      await expect(store.collection<Lamp>('lamps').find(NONE)).rejects.toThrow(timedOut(5));
      // Narrowed by the primary key: the scan of `n`, which no index serves, would go to the worker too.
      expect(await store.collection<Lamp>('lamps').count({ _id: { $lt: 'l000003' } })).toBe(3);
    } finally {
      await store.close();
    }
  });

  it('ends a scan on the server thread that overruns its time budget', async () => {
    const store = await openSqliteStore({ path: ':memory:', timeBudget: { onThreadMs: 5 } });
    try {
      const lampsOf = store.collection<Lamp>('lamps');
      await lampsOf.insertMany(lamps);
      await expect(lampsOf.find(NONE)).rejects.toThrow(timedOut(5));
      await expect(lampsOf.updateMany(NONE, { $set: { n: 0 } })).rejects.toThrow(timedOut(5));
      await expect(lampsOf.deleteMany(NONE)).rejects.toThrow(timedOut(5));
      expect(await lampsOf.count({})).toBe(COUNT);
    } finally {
      await store.close();
    }
  });
});
