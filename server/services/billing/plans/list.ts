// GET /nindo/api/getPaymentPlans/{type}: one family's plans, the feature definitions, and the
// signed-in caller's name and current plan of that family.
import type { PaymentPlans } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { findUserById } from '../../accounts/users';
import { subscriptions } from '../model';
import type { PlanDoc } from '../model';
import { cachedFamily, cachedFeatureDefinitions } from './cache';
import { LIVE_STATUSES } from './live-subscriptions';
import { requestedPlatforms, supportsAll } from './platforms';

export const PLUGIN_TYPE_NOT_FOUND = 'Plugin type not found';

export interface PaymentPlansQuery {
  ctx: AppContext;
  type: string;
  vendor?: string;
  platform?: string;
  userId?: string;
}

function withoutUnsupportedFeatures({ plan, hidden }: { plan: PlanDoc; hidden: ReadonlySet<string> }): PlanDoc {
  if (hidden.size === 0) return plan;
  return { ...plan, features: Object.fromEntries(Object.entries(plan.features).filter(([name]) => !hidden.has(name))) };
}

async function userDetailsOf({ ctx, userId, family }: { ctx: AppContext; userId: string; family: string }): Promise<PaymentPlans['userDetails']> {
  const [user, current] = await Promise.all([
    findUserById({ ctx, id: userId }),
    subscriptions(ctx).findOne({ userId, family, status: { $in: [...LIVE_STATUSES] } }, { sort: { created: -1 } }),
  ]);
  return {
    name: user?.fullName ?? '',
    plan: current
      ? { subscriptionId: current.subscriptionId, planId: current.planId, name: current.plan.name, planPricingVariantId: current.planPricingVariantId, status: current.status, source: current.source }
      : null,
  };
}

export async function paymentPlans({ ctx, type, vendor, platform, userId }: PaymentPlansQuery): Promise<PaymentPlans> {
  const [family, definitions] = await Promise.all([cachedFamily({ ctx, family: type }), cachedFeatureDefinitions({ ctx })]);
  if (family.length === 0) throw new NotFoundError(PLUGIN_TYPE_NOT_FOUND);
  const platforms = requestedPlatforms({ vendor, platform });
  const unsupported = new Set(definitions.filter((one) => !supportsAll({ supported: one.meta?.supportedPlatforms, platforms })).map((one) => one.name));
  return {
    plans: family
      .filter((plan) => supportsAll({ supported: plan.meta.supportedPlatforms, platforms }))
      .map((plan) => withoutUnsupportedFeatures({ plan, hidden: unsupported })),
    features: definitions.filter((one) => !unsupported.has(one.name)),
    userDetails: userId ? await userDetailsOf({ ctx, userId, family: type }) : null,
  };
}
