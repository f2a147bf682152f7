// One claimed renewal: charge the period through the subscription's adapter and settle the outcome.
import type { AppContext } from '../../../context';
import { billingProviderFor } from '../providers/registry';
import { BillingProviderError } from '../providers/port';
import type { ChargeOutcome } from '../providers/port';
import type { SubscriptionDoc } from '../model';
import { expireSubscription, postponeRenewal, settleRenewalFailed, settleRenewalPaid } from './settle';
import { RETRY_DELAYS_DAYS, UNREACHABLE_RETRY_MS } from './schedule';

export const NO_PAYMENT_METHOD = 'No payment method is on file.';

/** The same key for every try of one attempt, a new one per attempt: a retried job never charges twice. */
export const renewalIdempotencyKey = (subscription: SubscriptionDoc): string =>
  `renewal:${subscription._id}:${subscription.currentPeriodEnd}:${subscription.failedAttempts + 1}`;

async function chargeRenewal({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<ChargeOutcome> {
  const provider = billingProviderFor({ ctx, adapter: subscription.adapter });
  // A 3-D Secure step the buyer passed since the last attempt pays this period: no second charge.
  // One still waiting is asked for again rather than replaced, so the link of any earlier mail
  // confirms the transaction the subscription waits on, and a period never gets two.
  if (subscription.pendingTransactionId) {
    const earlier = await provider.confirmCharge({ transactionId: subscription.pendingTransactionId });
    if (earlier.status !== 'declined') return earlier;
  }
  if (!subscription.customerRef || !subscription.paymentMethodRef) return { status: 'declined', code: 'no_payment_method', message: NO_PAYMENT_METHOD, permanent: true };
  return provider.charge({
    customerRef: subscription.customerRef,
    paymentMethodRef: subscription.paymentMethodRef,
    amount: subscription.plan.amount,
    description: `${subscription.plan.name} renewal`,
    idempotencyKey: renewalIdempotencyKey(subscription),
  });
}

async function settle({ ctx, subscription, outcome }: { ctx: AppContext; subscription: SubscriptionDoc; outcome: ChargeOutcome }): Promise<void> {
  if (outcome.status === 'paid') await settleRenewalPaid({ ctx, subscription, transactionId: outcome.transactionId });
  else if (outcome.status === 'requires_action')
    await settleRenewalFailed({ ctx, subscription, reason: 'Your bank asks you to confirm the payment.', actionUrl: outcome.actionUrl, pendingTransactionId: outcome.transactionId });
  else await settleRenewalFailed({ ctx, subscription, reason: outcome.message });
}

export async function runRenewal({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<void> {
  if (subscription.status === 'past_due' && subscription.failedAttempts > RETRY_DELAYS_DAYS.length) {
    await expireSubscription({ ctx, subscription });
    return;
  }
  // A free plan renews without a charge or a payment row.
  if (subscription.plan.amount <= 0) {
    await settleRenewalPaid({ ctx, subscription, transactionId: null });
    return;
  }
  let outcome: ChargeOutcome;
  try {
    outcome = await chargeRenewal({ ctx, subscription });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (err instanceof BillingProviderError && err.permanent) {
      await settleRenewalFailed({ ctx, subscription, reason });
      return;
    }
    await postponeRenewal({ ctx, subscription, until: new Date(ctx.now().getTime() + UNREACHABLE_RETRY_MS).toISOString(), reason });
    return;
  }
  await settle({ ctx, subscription, outcome });
}
