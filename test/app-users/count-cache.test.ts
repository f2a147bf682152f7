import { createStore } from '../../server/storage';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { COST_SHARE, countWithCache, EXACT_UP_TO, forgetCounts, KEEP_AT_MOST_MS, KEEP_MS, SLOW_COUNT_MS } from '../../server/services/lists/count-cache';

describe('list totals', () => {
  let ctx: AppContext;
  let now = Date.UTC(2026, 0, 1);
  beforeEach(async () => {
    const config = { ...readConfig({ NODE_ENV: 'test', SESSION_SECRET: 's' }), sqlitePath: ':memory:' };
    ctx = { config, store: await createStore(config), now: () => new Date(now) };
  });
  afterEach(() => ctx.store.close());

  const countOf = (total: number) => jest.fn(async () => total);

  it('counts a small total afresh every time', async () => {
    const count = countOf(EXACT_UP_TO);
    await countWithCache({ ctx, key: 'k', count });
    expect(await countWithCache({ ctx, key: 'k', count })).toBe(EXACT_UP_TO);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('keeps a large total for a few seconds, then counts again', async () => {
    const count = countOf(100_000);
    await countWithCache({ ctx, key: 'k', count });
    now += KEEP_MS - 1;
    expect(await countWithCache({ ctx, key: 'k', count })).toBe(100_000);
    expect(count).toHaveBeenCalledTimes(1);
    now += 1;
    await countWithCache({ ctx, key: 'k', count });
    expect(count).toHaveBeenCalledTimes(2);
    const other = countOf(5000);
    expect(await countWithCache({ ctx, key: 'other', count: other })).toBe(5000);
  });

  it.each([
    ['100 ms', 100, 100 * COST_SHARE],
    ['a second', 1000, KEEP_AT_MOST_MS],
  ])('keeps a total that took %s to count for longer', async (_case, costMs, keptMs) => {
    const count = jest.fn(async () => {
      now += costMs;
      return 100_000;
    });
    await countWithCache({ ctx, key: 'k', count });
    now += keptMs - 1;
    await countWithCache({ ctx, key: 'k', count });
    expect(count).toHaveBeenCalledTimes(1);
    now += 1;
    await countWithCache({ ctx, key: 'k', count });
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('asks for a count as slow once it took SLOW_COUNT_MS, through forgotten totals, until it is quick again', async () => {
    const costs = [SLOW_COUNT_MS, 0, SLOW_COUNT_MS - 1, 0];
    const asked: (boolean | undefined)[] = [];
    const count = jest.fn(async ({ slow }: { slow?: boolean }) => {
      asked.push(slow);
      now += costs[asked.length - 1] ?? 0;
      return 10;
    });
    for (let i = 0; i < 4; i += 1) {
      await countWithCache({ ctx, key: 'items:{}', count, keepSmall: true });
      forgetCounts({ ctx, name: 'items' });
    }
    expect(asked).toEqual([false, true, false, false]);
  });

  it('keeps nothing across stores', async () => {
    const count = countOf(100_000);
    await countWithCache({ ctx, key: 'k', count });
    const config = { ...ctx.config };
    const second = { ...ctx, store: await createStore(config) };
    await countWithCache({ ctx: second, key: 'k', count });
    expect(count).toHaveBeenCalledTimes(2);
    await second.store.close();
  });
});
