// Totals of large lists, kept for a few seconds per store (longer when slow to count).
// Counting 100,000 index entries costs several times the rest of a list request, and a total
// read seconds later is the same number to the eye; small totals (the common case, and every
// user's subscriptions and charges) are counted afresh, so they are exact, unless the list's
// writes all forget its totals (keepSmall, the database's documents).
import type { AppContext } from '../../context';
import type { CountOptions, Store } from '../../storage/port';

/** Totals up to this are never kept. */
export const EXACT_UP_TO = 1000;
export const KEEP_MS = 5000;
/**
 * A total that was slow to count is kept longer, COST_SHARE times its counting time (up to
 * KEEP_AT_MOST_MS), so recounting one query takes at most about 1/COST_SHARE of the server's
 * time: a contains search over 100,000 documents counts in a few hundred ms (docs/database-speed.md).
 */
export const COST_SHARE = 200;
export const KEEP_AT_MOST_MS = 60_000;
const MAX_ENTRIES = 500;
/** A count that took this long is asked for as slow the next time (CountOptions: off the request thread). */
export const SLOW_COUNT_MS = 10;

interface Kept {
  total: number;
  until: number;
}

const byStore = new WeakMap<Store, Map<string, Kept>>();
/** Bumped by every forgetCounts: a count begun before a forget is not kept (it may predate the write). */
const forgets = new WeakMap<Store, number>();
/** Keys whose last count was slow; kept through forgetCounts, which changes totals, not costs. */
const slowKeys = new WeakMap<Store, Set<string>>();
/**
 * Counts under way of lists whose writes all forget their totals (keepSmall), by forget generation
 * and key: lists asking the same total at once share one count (50 searches arriving together after
 * a write each counted 100,000 documents on the one worker; docs/database-speed.md). Never shared
 * across a forget, so no list waits on a count that may predate a write this process made; other
 * lists keep counting small totals each time, as they promise.
 */
const running = new WeakMap<Store, Map<string, Promise<number>>>();

/**
 * `keepSmall`: small totals are kept too, for lists whose writes all call forgetCounts (the
 * database's documents): this process then never shows a total older than its own last write.
 */
export async function countWithCache({
  ctx,
  key,
  count,
  keepSmall = false,
}: {
  ctx: AppContext;
  key: string;
  count: (options: CountOptions) => Promise<number>;
  keepSmall?: boolean;
}): Promise<number> {
  const kept = byStore.get(ctx.store) ?? new Map<string, Kept>();
  byStore.set(ctx.store, kept);
  const hit = kept.get(key);
  if (hit && hit.until > ctx.now().getTime()) return hit.total;
  if (!keepSmall) return countAndKeep({ ctx, kept, key, count, keepSmall });
  const flights = running.get(ctx.store) ?? new Map<string, Promise<number>>();
  running.set(ctx.store, flights);
  const flight = `${forgets.get(ctx.store) ?? 0}\n${key}`;
  const shared = flights.get(flight);
  if (shared) return shared;
  const counted = countAndKeep({ ctx, kept, key, count, keepSmall }).finally(() => flights.delete(flight));
  flights.set(flight, counted);
  return counted;
}

async function countAndKeep({ ctx, kept, key, count, keepSmall }: { ctx: AppContext; kept: Map<string, Kept>; key: string; count: (options: CountOptions) => Promise<number>; keepSmall: boolean }): Promise<number> {
  const now = ctx.now().getTime();
  const generation = forgets.get(ctx.store) ?? 0;
  const slow = slowKeys.get(ctx.store) ?? new Set<string>();
  slowKeys.set(ctx.store, slow);
  const total = await count({ slow: slow.has(key) });
  const counted = ctx.now().getTime();
  noteCost({ slow, key, ms: counted - now });
  kept.delete(key);
  if ((total > EXACT_UP_TO || keepSmall) && generation === (forgets.get(ctx.store) ?? 0)) {
    // Oldest first in a Map's order: drop the oldest when full.
    if (kept.size >= MAX_ENTRIES) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, { total, until: counted + Math.min(KEEP_AT_MOST_MS, Math.max(KEEP_MS, (counted - now) * COST_SHARE)) });
  }
  return total;
}

function noteCost({ slow, key, ms }: { slow: Set<string>; key: string; ms: number }): void {
  slow.delete(key);
  if (ms < SLOW_COUNT_MS) return;
  if (slow.size >= MAX_ENTRIES) slow.delete(slow.values().next().value ?? '');
  slow.add(key);
}

/** Forgets the kept totals of one collection (keys `${name}:...`): its next lists count afresh. */
export function forgetCounts({ ctx, name }: { ctx: AppContext; name: string }): void {
  forgets.set(ctx.store, (forgets.get(ctx.store) ?? 0) + 1);
  const kept = byStore.get(ctx.store);
  if (!kept) return;
  for (const key of [...kept.keys()]) if (key.startsWith(`${name}:`)) kept.delete(key);
}
