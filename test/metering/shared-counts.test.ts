// Counts every instance shares through the store with no write per call and no lock (issue 18
// items 3, 4): each process counts in memory, writes its own document at most every FLUSH_MS and
// reads the others'. Two apps on one store file stand for two instances.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { addCount, flushCounts, FLUSH_MS, storedCount } from '../../server/services/metering/shared-counts';
import type { SharedCount } from '../../server/services/metering/shared-counts';

const COUNTS = 'testSharedCounts';
const monthOf = (now: Date): string => now.toISOString().slice(0, 7);
const monthly: SharedCount = { collection: COUNTS, periodOf: monthOf, fieldsOf: (key, month) => ({ key, month }) };
const DAY_MS = 24 * 60 * 60 * 1000;

let dir: string;
let a: TestApp;
let b: TestApp;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nindo-shared-counts-'));
  const sqlitePath = join(dir, 'counts.sqlite');
  a = await createTestApp({ sqlitePath });
  b = await createTestApp({ sqlitePath });
});

afterEach(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (app: TestApp, add = 1): Promise<number> => addCount({ ctx: app.ctx, shared: monthly, key: 'app-1', add });
const stored = (app: TestApp): Promise<number> => storedCount({ ctx: app.ctx, shared: monthly, key: 'app-1', period: monthOf(app.ctx.now()) });
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

it('writes a burst of calls once, at the next flush, not once per call', async () => {
  for (let n = 0; n < 10; n += 1) await count(a);
  // The first call read the store's total and wrote nothing: no call waits for a write.
  expect(await stored(a)).toBe(0);
  await flushCounts({ ctx: a.ctx });
  expect(await stored(a)).toBe(10);
});

it("judges by every instance's count as of its last flush plus its own calls since", async () => {
  for (let n = 0; n < 5; n += 1) await count(a);
  await flushCounts({ ctx: a.ctx });
  expect(await count(b)).toBe(6);
  expect(await count(a)).toBe(6);
  await flushCounts({ ctx: b.ctx });
  await pause(FLUSH_MS);
  // Due, the flush starts in the background: the call counts what it writes as its own meanwhile.
  expect(await count(a, 0)).toBe(6);
  await flushCounts({ ctx: a.ctx });
  expect(await count(a, 0)).toBe(7);
});

it("keeps each process to documents of its own, so parallel calls on two instances lose none", async () => {
  await Promise.all(Array.from({ length: 100 }, (_, n) => count(n % 2 ? a : b)));
  await Promise.all([flushCounts({ ctx: a.ctx }), flushCounts({ ctx: b.ctx })]);
  expect(await stored(a)).toBe(100);
  expect(await a.ctx.store.collection(COUNTS).count({})).toBe(2);
});

it('writes the calls of a period that ended to that period, and starts the next from zero', async () => {
  const first = monthOf(a.ctx.now());
  for (let n = 0; n < 3; n += 1) await count(a);
  a.advance(32 * DAY_MS);
  expect(await count(a)).toBe(1);
  await flushCounts({ ctx: a.ctx });
  expect(await storedCount({ ctx: a.ctx, shared: monthly, key: 'app-1', period: first })).toBe(3);
  expect(await stored(a)).toBe(1);
});

describe('the write of a period that ended, left to the background', () => {
  /**
   * Delays every write of a count document by `ms` while `run` runs, and answers the most writes
   * of one document that were under way at once.
   */
  async function slowWrites({ app, ms, run }: { app: TestApp; ms: number; run: () => Promise<void> }): Promise<number> {
    const underWay = new Map<string, number>();
    let most = 0;
    const collection = app.ctx.store.collection.bind(app.ctx.store);
    const spy = jest.spyOn(app.ctx.store, 'collection').mockImplementation((name) => {
      const real = collection(name);
      if (name !== COUNTS) return real;
      const findOneAndUpdate: typeof real.findOneAndUpdate = async (filter, ...rest) => {
        const id = String(filter._id);
        underWay.set(id, (underWay.get(id) ?? 0) + 1);
        most = Math.max(most, underWay.get(id) ?? 0);
        await pause(ms);
        try {
          return await real.findOneAndUpdate(filter, ...rest);
        } finally {
          underWay.set(id, (underWay.get(id) ?? 0) - 1);
        }
      };
      return { ...real, findOneAndUpdate };
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return most;
  }

  it('is stored before flushCounts returns, as the server stop needs before its store closes', async () => {
    const first = monthOf(a.ctx.now());
    for (let n = 0; n < 3; n += 1) await count(a);
    await slowWrites({
      app: a,
      ms: 200,
      run: async () => {
        a.advance(32 * DAY_MS);
        // A look, so the new period has nothing of its own to flush.
        await count(a, 0);
        await flushCounts({ ctx: a.ctx });
      },
    });
    expect(await storedCount({ ctx: a.ctx, shared: monthly, key: 'app-1', period: first })).toBe(3);
  });

  it('waits for the flush of that period under way, so one document never has two writes at once', async () => {
    const first = monthOf(a.ctx.now());
    await count(a);
    const most = await slowWrites({
      app: a,
      ms: 100,
      run: async () => {
        await pause(FLUSH_MS);
        // Due: this call's flush starts in the background and writes 2; the next call waits for the one after it.
        await count(a);
        await count(a);
        a.advance(32 * DAY_MS);
        await count(a);
        await flushCounts({ ctx: a.ctx });
      },
    });
    expect(most).toBe(1);
    expect(await storedCount({ ctx: a.ctx, shared: monthly, key: 'app-1', period: first })).toBe(3);
  });
});
