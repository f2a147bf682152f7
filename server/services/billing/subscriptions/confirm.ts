// The end of a purchase whose first charge needed 3-D Secure: the provider tells the outcome of
// the challenge; paid makes the subscription active and records the payment.
import type { AppContext } from '../../../context';
import { ConflictError } from '../../../http/errors';
import { subscriptions } from '../model';
import type { SubscriptionDoc } from '../model';
import { recordPayment } from '../payments/record';
import { isLive } from '../plans/live-subscriptions';
import { billingProviderFor } from '../providers/registry';
import { PaymentDeclinedError, withProvider } from './charges';
import { periodEndAfter } from '../periods';

export const CHALLENGE_PENDING = 'The 3-D Secure step is not finished yet.';
export const NOT_INCOMPLETE = 'This subscription has no purchase waiting for 3-D Secure.';

export async function confirmSubscription({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<SubscriptionDoc> {
  if (isLive(subscription)) return subscription;
  const transactionId = subscription.firstTransactionId;
  if (subscription.status !== 'incomplete' || !transactionId) throw new ConflictError(NOT_INCOMPLETE);
  const outcome = await withProvider(() => billingProviderFor({ ctx, adapter: subscription.adapter }).confirmCharge({ transactionId }));
  if (outcome.status === 'declined') throw new PaymentDeclinedError(outcome.message);
  if (outcome.status === 'requires_action') throw new ConflictError(CHALLENGE_PENDING);
  const now = ctx.now();
  const changes = {
    status: 'active' as const,
    currentPeriodStart: now.toISOString(),
    currentPeriodEnd: periodEndAfter({ start: now.toISOString(), period: subscription.plan.period }),
    updated: now.toISOString(),
  };
  // Of two concurrent confirmations one moves the subscription; recordPayment keeps one row per transaction.
  const confirmed = (await subscriptions(ctx).findOneAndUpdate({ _id: subscription._id, status: 'incomplete' }, { $set: changes })) ?? (await subscriptions(ctx).findOne({ _id: subscription._id }));
  const active = confirmed ?? { ...subscription, ...changes };
  await recordPayment({
    ctx,
    subscription: active,
    transactionId: outcome.transactionId,
    amount: subscription.plan.amount,
    periodStart: active.currentPeriodStart,
    periodEnd: active.currentPeriodEnd,
    billingDetails: subscription.billingDetails,
  });
  return active;
}
