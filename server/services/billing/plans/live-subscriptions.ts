// The subscriptions that count for a user right now: trial, active, and past_due while dunning
// still retries (the plan keeps working until the subscription expires).
import type { AppContext } from '../../../context';
import { subscriptions } from '../model';
import type { SubscriptionDoc, SubscriptionStatus } from '../model';

export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trial', 'active', 'past_due'];

export const isLive = (subscription: Pick<SubscriptionDoc, 'status'>): boolean => LIVE_STATUSES.includes(subscription.status);

/** The user's live subscriptions, newest first. */
export const liveSubscriptionsOf = ({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<SubscriptionDoc[]> =>
  subscriptions(ctx).find({ userId, status: { $in: [...LIVE_STATUSES] } }, { sort: { created: -1 } });
