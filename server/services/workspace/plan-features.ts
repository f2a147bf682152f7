// The one place the workspace reads a user's plan limits. Today every user has the free plan;
// the billing issue (11) looks the user's subscriptions up behind this same function and
// GET /api/v1/user/planFeatures, so its signature already takes the user.
import type { AppContext } from '../../context';
import { FREE_PLAN_FEATURES, MIN_COLLABORATORS } from '../../../rules/plan-features';
import type { PlanFeatures } from '../../../rules/plan-features';

export interface PlanFeaturesQuery {
  ctx: AppContext;
  userId: string;
}

export function planFeaturesOf(_query: PlanFeaturesQuery): Promise<PlanFeatures> {
  const features = FREE_PLAN_FEATURES;
  return Promise.resolve({ ...features, collaborators: Math.max(features.collaborators, MIN_COLLABORATORS) });
}
