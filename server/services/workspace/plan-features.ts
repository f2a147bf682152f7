// The one place the workspace reads a user's plan limits: the free plan's defaults raised by the
// user's live (trial, active, past_due) billing subscriptions. Each subscription keeps the
// features of its plan as bought (SubscriptionDoc.plan.features), so editing a plan's data changes
// what new buyers get, not what a running subscription was sold.
import type { AppContext } from '../../context';
import { FREE_PLAN_FEATURES, MIN_COLLABORATORS } from '../../../rules/plan-features';
import type { PlanFeatures } from '../../../rules/plan-features';
import type { SubscriptionDoc } from '../billing/model';
import { liveSubscriptionsOf } from '../billing/plans/live-subscriptions';
import { coveringSubscriptions } from '../billing/plans/service-subscriptions';
import { projectRole } from './access';
import { projects } from './model';

export interface PlanFeaturesQuery {
  ctx: AppContext;
  userId: string;
  /** Only the subscriptions that cover this app count (GET /api/v1/user/planFeatures?serviceName=). */
  serviceName?: string;
}

type FeatureValue = PlanFeatures[string];

/** Numbers take the larger, booleans either; a text keeps the first value met (the newest subscription's). */
function mergeValue(current: FeatureValue | undefined, next: FeatureValue): FeatureValue {
  if (current === undefined) return next;
  if (typeof current === 'number' && typeof next === 'number') return Math.max(current, next);
  if (typeof current === 'boolean' && typeof next === 'boolean') return current || next;
  return current;
}

export function mergePlanFeatures(featureMaps: ReadonlyArray<Record<string, FeatureValue>>): PlanFeatures {
  const merged: PlanFeatures = { ...FREE_PLAN_FEATURES };
  for (const features of featureMaps) {
    for (const [name, value] of Object.entries(features)) merged[name] = mergeValue(merged[name], value);
  }
  return merged;
}

export async function planFeaturesOf({ ctx, userId, serviceName }: PlanFeaturesQuery): Promise<PlanFeatures> {
  const live: SubscriptionDoc[] = await liveSubscriptionsOf({ ctx, userId });
  const counted = serviceName === undefined ? live : (await coveringSubscriptions({ ctx, live, serviceName })).map((one) => one.subscription);
  const features = mergePlanFeatures(counted.map((subscription) => subscription.plan.features));
  return { ...features, collaborators: Math.max(features.collaborators, MIN_COLLABORATORS) };
}

/**
 * GET /api/v1/user/planFeatures: inside a project the caller can see, the limits are its owner's
 * (the owner's plan is what the workspace enforces there); otherwise, and for a project id the
 * caller has no role on, the caller's own.
 */
export async function planFeaturesFor({ ctx, userId, serviceName, projectId }: PlanFeaturesQuery & { projectId?: string }): Promise<PlanFeatures> {
  const project = projectId ? await projects(ctx).findOne({ _id: projectId }) : null;
  const role = project ? await projectRole({ ctx, userId, project }) : null;
  return planFeaturesOf({ ctx, userId: project && role ? project.ownerId : userId, serviceName });
}
