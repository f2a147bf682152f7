// Cancelling (spec 002 section 4, every source's call): the subscription ends at once, the
// provider forgets the payment method so nothing more is charged, and a mail links to the
// cancellation feedback page.
import type { AppContext } from '../../../context';
import { BadGatewayError, ConflictError, NotFoundError } from '../../../http/errors';
import { BILLING_FALLBACKS } from '../../../../rules/billing-messages';
import { sendFeedbackRequestMail } from '../../subscription/feedback';
import { subscriptions } from '../model';
import type { SubscriptionDoc } from '../model';
import { BillingProviderError } from '../providers/port';
import type { BillingSource } from '../providers/port';
import { billingProviderFor } from '../providers/registry';
import { buyer } from './customer';
import { ownSubscription, SUBSCRIPTION_NOT_FOUND } from './view';

export const ALREADY_ENDED = 'This subscription is already cancelled.';

async function forgetPaymentMethod({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<void> {
  const { customerRef, paymentMethodRef } = subscription;
  if (!customerRef || !paymentMethodRef) return;
  try {
    await billingProviderFor({ ctx, adapter: subscription.adapter }).cancel({ customerRef, paymentMethodRef });
  } catch (err) {
    if (err instanceof BillingProviderError) throw new BadGatewayError(BILLING_FALLBACKS.cancelContactSupport);
    throw err;
  }
}

/** `source` (the /api/{source}/cancelSubscription paths) or `family` (/nindo/api/cancelSubscription/{type}) must match. */
export async function cancelSubscription({
  ctx,
  userId,
  subscriptionId,
  source,
  family,
}: {
  ctx: AppContext;
  userId: string;
  subscriptionId: string;
  source?: BillingSource;
  family?: string;
}): Promise<SubscriptionDoc> {
  const subscription = await ownSubscription({ ctx, userId, subscriptionId });
  if ((source && subscription.source !== source) || (family && subscription.family !== family)) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND);
  if (subscription.status === 'cancelled' || subscription.status === 'expired') throw new ConflictError(ALREADY_ENDED);
  const now = ctx.now().toISOString();
  // Claim the change first: of two concurrent cancels only one mails and calls the provider.
  const cancelled = await subscriptions(ctx).findOneAndUpdate(
    { _id: subscription._id, status: subscription.status },
    { $set: { status: 'cancelled', cancelledAt: now, updated: now }, $unset: { nextAttemptAt: true } },
  );
  if (!cancelled) throw new ConflictError(ALREADY_ENDED);
  await forgetPaymentMethod({ ctx, subscription });
  const { user } = await buyer({ ctx, userId });
  await sendFeedbackRequestMail({ ctx, user, subscriptionId: subscription._id });
  return cancelled;
}
