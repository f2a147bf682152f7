// The pricing page is the busiest public read of billing and its data changes rarely: each process
// keeps a family's plans and the feature definitions for a few seconds, so an edit of the stored
// plans shows on every instance within PLAN_CACHE_MS without the page reading the store per visit.
import type { AppContext } from '../../../context';
import { remembered } from '../../remembered';
import { plans } from '../model';
import type { PlanDoc } from '../model';
import { ensurePlans } from './seed';
import { featureDefinitions } from './store';
import type { FeatureDefinitionRow } from './store';

export const PLAN_CACHE_MS = 5_000;

/** A family's plans in their order, at most PLAN_CACHE_MS old. */
export const cachedFamily = ({ ctx, family }: { ctx: AppContext; family: string }): Promise<PlanDoc[]> =>
  remembered({
    ctx,
    key: `plans:family:${family}`,
    ttlMs: PLAN_CACHE_MS,
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
    key: 'plans:definitions',
    ttlMs: PLAN_CACHE_MS,
    load: async () => {
      await ensurePlans(ctx);
      return featureDefinitions(ctx).find({}, { sort: { order: 1 } });
    },
    keep: () => true,
  });
