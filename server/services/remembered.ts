// Reads of the store that change rarely, kept by each process for a few seconds per store and key
// (a family's plans for the pricing page, a collection's definition for the public data API), so
// the busiest calls do not read the store each time; a change shows on every instance within the
// time given. The promise is kept, so calls that come while one read is under way share it.
import type { AppContext } from '../context';
import type { Store } from '../storage/port';

interface Entry {
  until: number;
  value: Promise<unknown>;
}

/** Keys a process keeps per store; past it the one kept longest is dropped. */
const MAX_KEPT = 10_000;

const caches = new WeakMap<Store, Map<string, Entry>>();

function cacheOf(store: Store): Map<string, Entry> {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  return cache;
}

/**
 * `load()` at most every `ttlMs` per store and key. Only answers `keep` accepts are kept (made-up
 * names finding nothing cannot grow the map), and a failed read is dropped so the next call reads
 * again.
 */
export function remembered<T>({ ctx, key, ttlMs, load, keep }: { ctx: AppContext; key: string; ttlMs: number; load: () => Promise<T>; keep: (value: T) => boolean }): Promise<T> {
  const cache = cacheOf(ctx.store);
  const now = ctx.now().getTime();
  const entry = cache.get(key);
  if (entry && entry.until > now) return entry.value as Promise<T>;
  const value = load();
  const mine: Entry = { until: now + ttlMs, value };
  cache.delete(key);
  if (cache.size >= MAX_KEPT) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, mine);
  const forget = (): void => {
    if (cache.get(key) === mine) cache.delete(key);
  };
  value.then((loaded) => (keep(loaded) ? undefined : forget()), forget);
  return value;
}

/** Drops what this process keeps under keys starting with `prefix`: a change it made itself shows at once. */
export function forgetRemembered({ ctx, prefix }: { ctx: AppContext; prefix: string }): void {
  const cache = cacheOf(ctx.store);
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}
