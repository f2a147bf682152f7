// The pricing page is the busiest public read of billing and its data changes rarely: each process
// keeps a family's plans and the feature definitions for a few seconds, so an edit of the stored
// plans shows on every instance within PLAN_CACHE_MS without the page reading the store per visit.
import type { AppContext } from '../../../context';
import type { Store } from '../../../storage/port';
import { plans } from '../model';
import type { PlanDoc } from '../model';
import { ensurePlans } from './seed';
import { featureDefinitions } from './store';
import type { FeatureDefinitionRow } from './store';

export const PLAN_CACHE_MS = 5_000;

interface Entry {
  until: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Store, Map<string, Entry>>();

/**
 * `load()` at most every PLAN_CACHE_MS per store and key. Only answers `keep` accepts are kept
 * (an unknown family's empty list is not, so made-up names cannot grow the map), and a failed
 * read is dropped so the next request reads again.
 */
function remembered<T>({ ctx, key, load, keep }: { ctx: AppContext; key: string; load: () => Promise<T>; keep: (value: T) => boolean }): Promise<T> {
  const cache = caches.get(ctx.store) ?? new Map<string, Entry>();
  caches.set(ctx.store, cache);
  const now = ctx.now().getTime();
  const entry = cache.get(key);
  if (entry && entry.until > now) return entry.value as Promise<T>;
  const value = load();
  const mine: Entry = { until: now + PLAN_CACHE_MS, value };
  cache.set(key, mine);
  const forget = (): void => {
    if (cache.get(key) === mine) cache.delete(key);
  };
  value.then((loaded) => (keep(loaded) ? undefined : forget()), forget);
  return value;
}

/** A family's plans in their order, at most PLAN_CACHE_MS old. */
export const cachedFamily = ({ ctx, family }: { ctx: AppContext; family: string }): Promise<PlanDoc[]> =>
  remembered({
    ctx,
    key: `family:${family}`,
    load: async () => {
      await ensurePlans(ctx);
      return plans(ctx).find({ family }, { sort: { order: 1 } });
    },
    keep: (found) => found.length > 0,
  });

/** The feature definitions in their order, at most PLAN_CACHE_MS old. */
export const cachedFeatureDefinitions = ({ ctx }: { ctx: AppContext }): Promise<FeatureDefinitionRow[]> =>
  remembered({
    ctx,
    key: 'definitions',
    load: async () => {
      await ensurePlans(ctx);
      return featureDefinitions(ctx).find({}, { sort: { order: 1 } });
    },
    keep: () => true,
  });
