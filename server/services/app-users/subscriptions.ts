// A user's subscriptions: the list, and the cancel and change requests that queue a job.
import { NotFoundError, ValidationError } from '../../http/errors';
import type { Page } from '../../storage/port';
import type { AppUserSubscription, CancelSubscriptionInput, ChangeSubscriptionInput } from '../../../generated/client/types.gen';
import { findOwnedApp } from '../developer/owned-app';
import { SUBSCRIPTIONS, subscriptions } from '../developer/model';
import type { Collection } from '../../storage/port';
import type { AppContext } from '../../context';
import { LIVE_SUBSCRIPTION_STATUSES } from '../developer/analytics/totals';
import { parseQuery, parseSort } from '../lists/list-query';
import { findAppUser, SUBSCRIPTION_LIST, SUBSCRIPTION_NOT_FOUND, toSubscription } from './model';
import type { AppUserSubscriptionDoc } from './model';
import { findPage } from '../lists/paging';
import { platformName, queueOnRecord, requireProvider, requireSamePlatform } from './pending';
import { findPlans, findPlatformPlanId, variantOf } from './plans';
import type { ListInput, Owned } from './users';

export const CANCEL_QUEUED = 'The subscription will be cancelled, it might take a few minutes.';
export const CHANGE_QUEUED = 'The subscription will be changed, it might take a few minutes.';

interface Target extends Owned {
  appUserId: string;
}

const subscriptionDocs = (ctx: AppContext): Collection<AppUserSubscriptionDoc> => subscriptions(ctx);

export async function listSubscriptions({ ctx, userId, appId, appUserId, page, limit, query, sort }: Target & ListInput): Promise<Page<AppUserSubscription>> {
  await findOwnedApp({ ctx, userId, appId });
  await findAppUser({ ctx, appId, userId: appUserId });
  const result = await findPage({
    ctx,
    name: SUBSCRIPTIONS,
    collection: subscriptionDocs(ctx),
    scope: { appId, appUserId },
    filter: parseQuery({ text: query, fields: SUBSCRIPTION_LIST.fields }),
    sort: parseSort({ text: sort, ...SUBSCRIPTION_LIST }),
    page,
    limit,
  });
  return { ...result, docs: result.docs.map(toSubscription) };
}

async function ownedSubscription({ ctx, userId, appId, appUserId, subId }: Target & { subId: string }): Promise<AppUserSubscriptionDoc> {
  await findOwnedApp({ ctx, userId, appId });
  await findAppUser({ ctx, appId, userId: appUserId });
  const sub = await subscriptionDocs(ctx).findOne({ _id: subId, appId, appUserId });
  if (!sub) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND);
  return sub;
}

const requireLive = (sub: AppUserSubscriptionDoc): void => {
  if (!LIVE_SUBSCRIPTION_STATUSES.includes(sub.status)) throw new ValidationError('Subscription is already cancelled');
  if (!sub.platformSubscriptionId) throw new ValidationError(`This subscription is not known to ${platformName(sub.platform)}`);
};

export async function cancelSubscription({ input, subId, ...target }: Target & { subId: string; input: CancelSubscriptionInput }): Promise<AppUserSubscription> {
  const { ctx, appId, appUserId } = target;
  const sub = await ownedSubscription({ ...target, subId });
  requireSamePlatform({ given: input.platform, stored: sub.platform, what: 'subscription' });
  requireLive(sub);
  await requireProvider({ ctx, appId, platform: sub.platform });
  const marked = await queueOnRecord({ ctx, collection: subscriptionDocs(ctx), job: { appId, appUserId, kind: 'cancel', platform: sub.platform, targetId: sub._id } });
  return toSubscription(marked);
}

async function resolvePlan({ ctx, appId, input }: { ctx: AppContext; appId: string; input: ChangeSubscriptionInput }): Promise<{ variantId: string; platformPlanId: string }> {
  const [plan] = await findPlans({ ctx, appId, planIds: [input.planId] });
  if (!plan) throw new ValidationError('Plan not found', { planId: 'Plan not found' });
  const variant = variantOf({ plan, variantId: input.planPricingVariantId });
  if (!variant) throw new ValidationError('Pricing variant not found', { planPricingVariantId: 'Pricing variant not found' });
  const platformPlanId = await findPlatformPlanId({ ctx, appId, planId: plan.planId, variantId: variant.id, platform: input.platform });
  if (!platformPlanId) {
    const message = `This plan is not connected to ${platformName(input.platform)}`;
    throw new ValidationError(message, { planId: message });
  }
  return { variantId: variant.id, platformPlanId };
}

export async function changeSubscription({ input, subId, ...target }: Target & { subId: string; input: ChangeSubscriptionInput }): Promise<AppUserSubscription> {
  const { ctx, appId, appUserId } = target;
  const sub = await ownedSubscription({ ...target, subId });
  requireSamePlatform({ given: input.platform, stored: sub.platform, what: 'subscription' });
  requireLive(sub);
  const { variantId, platformPlanId } = await resolvePlan({ ctx, appId, input });
  await requireProvider({ ctx, appId, platform: sub.platform });
  const marked = await queueOnRecord({
    ctx,
    collection: subscriptionDocs(ctx),
    job: { appId, appUserId, kind: 'change', platform: sub.platform, targetId: sub._id, planId: input.planId, planPricingVariantId: variantId, platformPlanId },
  });
  return toSubscription(marked);
}
