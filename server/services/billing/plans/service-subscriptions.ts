// GET /api/subscription[/v/{vendor}]/{serviceName}: the caller's live subscriptions that cover an
// app, which make the pricing page show its older layout and its owned states.
import type { ServiceSubscription } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { miniBundles } from '../model';
import type { MiniBundleDoc, SubscriptionDoc } from '../model';
import { liveSubscriptionsOf } from './live-subscriptions';
import { vendorOrNone } from './platforms';

interface WithBundle {
  subscription: SubscriptionDoc;
  bundle: MiniBundleDoc | null;
}

/** Bought for the app, a plan listing it, an all-apps plan, or a mini-bundle that selected it. */
const covers = ({ subscription, bundle }: WithBundle, serviceName: string): boolean =>
  subscription.serviceName === serviceName ||
  subscription.plan.services.includes(serviceName) ||
  subscription.plan.features.allApps === true ||
  (bundle?.selectedApps.includes(serviceName) ?? false);

const withBundle = async ({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<WithBundle> => ({
  subscription,
  bundle: subscription.miniBundleId ? await miniBundles(ctx).findOne({ _id: subscription.miniBundleId, userId: subscription.userId }) : null,
});

/** Those of the given subscriptions that cover the app. */
export async function coveringSubscriptions({ ctx, live, serviceName }: { ctx: AppContext; live: SubscriptionDoc[]; serviceName: string }): Promise<WithBundle[]> {
  const all = await Promise.all(live.map((subscription) => withBundle({ ctx, subscription })));
  return all.filter((one) => covers(one, serviceName));
}

const toServiceSubscription = ({ subscription, bundle }: WithBundle): ServiceSubscription => ({
  ...subscription,
  isActive: true,
  ...(bundle ? { miniBundleDetails: { id: bundle._id, selectedApps: bundle.selectedApps } } : {}),
});

export async function serviceSubscriptions({ ctx, userId, serviceName, vendor }: { ctx: AppContext; userId: string; serviceName: string; vendor?: string }): Promise<ServiceSubscription[]> {
  const wantedVendor = vendorOrNone(vendor);
  const live = (await liveSubscriptionsOf({ ctx, userId })).filter((subscription) => vendorOrNone(subscription.vendor) === wantedVendor);
  return (await coveringSubscriptions({ ctx, live, serviceName })).map(toServiceSubscription);
}
