// GET /api/subscription[/v/{vendor}]/{serviceName}: the caller's live subscriptions that cover an
// app, which make the pricing page show its older layout and its owned states.
import type { ServiceSubscription } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { miniBundles } from '../model';
import type { SubscriptionDoc } from '../model';
import { liveSubscriptionsOf } from './live-subscriptions';
import { vendorOrNone } from './platforms';

const covers = ({ subscription, serviceName }: { subscription: SubscriptionDoc; serviceName: string }): boolean =>
  subscription.serviceName === serviceName || subscription.plan.services.includes(serviceName) || subscription.plan.features.allApps === true;

async function toServiceSubscription({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<ServiceSubscription> {
  const bundle = subscription.miniBundleId ? await miniBundles(ctx).findOne({ _id: subscription.miniBundleId, userId: subscription.userId }) : null;
  return {
    ...subscription,
    isActive: true,
    ...(bundle ? { miniBundleDetails: { id: bundle._id, selectedApps: bundle.selectedApps } } : {}),
  };
}

export async function serviceSubscriptions({ ctx, userId, serviceName, vendor }: { ctx: AppContext; userId: string; serviceName: string; vendor?: string }): Promise<ServiceSubscription[]> {
  const wantedVendor = vendorOrNone(vendor);
  const live = await liveSubscriptionsOf({ ctx, userId });
  const matching = live.filter((subscription) => covers({ subscription, serviceName }) && vendorOrNone(subscription.vendor) === wantedVendor);
  return Promise.all(matching.map((subscription) => toServiceSubscription({ ctx, subscription })));
}
