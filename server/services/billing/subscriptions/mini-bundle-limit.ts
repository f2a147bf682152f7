// How many apps a mini-bundle may hold (spec 002 section 5): the plan's numberOfApps, 3 when unknown.
import type { PlanDoc, SubscriptionDoc } from '../model';

export const DEFAULT_BUNDLE_LIMIT = 3;

/** The app that is never part of a bundle (section 5). */
export const EXCLUDED_APP = 'bracket';

type WithFeatures = Pick<PlanDoc, 'features'> | SubscriptionDoc['plan'];

export function bundleLimit(plan: WithFeatures | null): number {
  const apps = plan?.features.numberOfApps;
  return typeof apps === 'number' && apps > 0 ? apps : DEFAULT_BUNDLE_LIMIT;
}
