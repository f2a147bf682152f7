// A subscription as the calls answer it (spec 002 section 3: isActive, miniBundleDetails).
import type { BillingSubscription } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { miniBundles, subscriptions } from '../model';
import type { SubscriptionDoc } from '../model';
import { isLive } from '../plans/live-subscriptions';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

export async function toBillingSubscription({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<BillingSubscription> {
  const bundle = subscription.miniBundleId ? await miniBundles(ctx).findOne({ _id: subscription.miniBundleId, userId: subscription.userId }) : null;
  return {
    ...subscription,
    isActive: isLive(subscription),
    ...(bundle ? { miniBundleDetails: { id: bundle._id, selectedApps: bundle.selectedApps } } : {}),
  };
}

/** The caller's subscription; another user's answers 404 like a missing one. */
export async function ownSubscription({ ctx, userId, subscriptionId }: { ctx: AppContext; userId: string; subscriptionId: string }): Promise<SubscriptionDoc> {
  const subscription = await subscriptions(ctx).findOne({ _id: subscriptionId, userId });
  if (!subscription) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND);
  return subscription;
}

/** The billing page's list: every subscription of the caller, newest first, purchases never finished left out. */
export async function userSubscriptions({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<BillingSubscription[]> {
  const docs = await subscriptions(ctx).find({ userId, status: { $ne: 'incomplete' } }, { sort: { created: -1 } });
  return Promise.all(docs.map((subscription) => toBillingSubscription({ ctx, subscription })));
}
