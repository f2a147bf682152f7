// Lists of a collection whose writes all forget its totals (the database's documents) share one
// count when they ask the same total at once, but never a count begun before a forget; other lists
// count every small total themselves.
import { createStore } from '../../server/storage';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { countWithCache, forgetCounts } from '../../server/services/lists/count-cache';

describe('totals asked at once', () => {
  let ctx: AppContext;
  beforeEach(async () => {
    const config = { ...readConfig({ NODE_ENV: 'test', SESSION_SECRET: 's' }), sqlitePath: ':memory:' };
    ctx = { config, store: await createStore(config), now: () => new Date() };
  });
  afterEach(() => ctx.store.close());

  /** A count that answers `total` when released, and how many times it was run. */
  function slowCount(total: number): { count: jest.Mock<Promise<number>, []>; release: () => void } {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { count: jest.fn(async () => gate.then(() => total)), release };
  }

  it('are counted once for lists whose writes forget their totals, each time for other lists', async () => {
    const docs = slowCount(7);
    const users = slowCount(9);
    const asked = Array.from({ length: 50 }, () => countWithCache({ ctx, key: 'docs:{}', count: docs.count, keepSmall: true }));
    const usersAsked = [1, 2, 3].map(() => countWithCache({ ctx, key: 'users:{}', count: users.count }));
    docs.release();
    users.release();
    expect(await Promise.all(asked)).toEqual(Array(50).fill(7));
    expect(await Promise.all(usersAsked)).toEqual([9, 9, 9]);
    expect([docs.count.mock.calls.length, users.count.mock.calls.length]).toEqual([1, 3]);
  });

  it('are shared until a forget, and counted again after it while the earlier count still runs', async () => {
    const before = slowCount(7);
    const first = [1, 2].map(() => countWithCache({ ctx, key: 'docs:{}', count: before.count, keepSmall: true }));
    forgetCounts({ ctx, name: 'docs' });
    const after = slowCount(8);
    const second = countWithCache({ ctx, key: 'docs:{}', count: after.count, keepSmall: true });
    before.release();
    after.release();
    expect([...(await Promise.all(first)), await second]).toEqual([7, 7, 8]);
    expect([before.count.mock.calls.length, after.count.mock.calls.length]).toEqual([1, 1]);
  });
});
