// What a renewal charge's outcome does to the subscription, whether the job or a provider's
// webhook learned it. Every update is conditional on the period and attempt it settles, so the
// same outcome learned twice (a retried job, a webhook after the job) changes things once, and
// only the change that happened sends a mail.
import type { AppContext } from '../../../context';
import { subscriptions } from '../model';
import type { SubscriptionDoc } from '../model';
import { recordPayment } from '../payments/record';
import { RENEWING_STATUSES } from './claim';
import { sendRenewalMail } from './mails';
import { periodPaidAt } from '../periods';
import { afterFailure } from './schedule';

/** The subscription as it was when the outcome's charge was made. */
const unchanged = (subscription: SubscriptionDoc): Record<string, unknown> => ({
  _id: subscription._id,
  status: { $in: [...RENEWING_STATUSES] },
  currentPeriodEnd: subscription.currentPeriodEnd,
  failedAttempts: subscription.failedAttempts,
});

/** Paid: records the payment and moves the period on from the old end (the renewal date stays put), past any periods missed. */
export async function settleRenewalPaid({ ctx, subscription, transactionId }: { ctx: AppContext; subscription: SubscriptionDoc; transactionId: string | null }): Promise<boolean> {
  const { periodStart, periodEnd } = periodPaidAt({ due: subscription.currentPeriodEnd, period: subscription.plan.period, now: ctx.now() });
  if (transactionId) {
    const { billingDetails } = subscription;
    await recordPayment({ ctx, subscription, transactionId, amount: subscription.plan.amount, periodStart, periodEnd, ...(billingDetails ? { billingDetails } : {}) });
  }
  const { modified } = await subscriptions(ctx).updateOne(unchanged(subscription), {
    $set: { status: 'active', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, failedAttempts: 0, nextAttemptAt: periodEnd, updated: ctx.now().toISOString() },
    $unset: { renewalLeaseId: true, pendingTransactionId: true, lastRenewalError: true },
  });
  if (modified > 0 && transactionId) await sendRenewalMail({ ctx, subscription, mail: { kind: 'renewed', amount: subscription.plan.amount, periodEnd } });
  return modified > 0;
}

/** Failed: one more failed attempt, then the next retry or past_due. A 3-D Secure step waiting keeps its transaction for the next attempt. */
export async function settleRenewalFailed({
  ctx,
  subscription,
  reason,
  actionUrl,
  pendingTransactionId,
}: {
  ctx: AppContext;
  subscription: SubscriptionDoc;
  reason: string;
  actionUrl?: string;
  pendingTransactionId?: string;
}): Promise<boolean> {
  const failedAttempts = subscription.failedAttempts + 1;
  const next = afterFailure({ failedAttempts, now: ctx.now() });
  const { modified } = await subscriptions(ctx).updateOne(unchanged(subscription), {
    $set: {
      ...(next.status === 'past_due' ? { status: 'past_due' } : {}),
      failedAttempts,
      nextAttemptAt: next.nextAttemptAt,
      lastRenewalError: reason,
      ...(pendingTransactionId ? { pendingTransactionId } : {}),
      updated: ctx.now().toISOString(),
    },
    $unset: { renewalLeaseId: true, ...(pendingTransactionId ? {} : { pendingTransactionId: true }) },
  });
  if (modified === 0) return false;
  const mail = next.status === 'past_due' ? { kind: 'past_due' as const, reason, expiresAt: next.nextAttemptAt } : { kind: 'failed' as const, reason, nextAttemptAt: next.nextAttemptAt, ...(actionUrl ? { actionUrl } : {}) };
  await sendRenewalMail({ ctx, subscription, mail });
  return true;
}

/** The grace of a past_due subscription ran out. */
export async function expireSubscription({ ctx, subscription }: { ctx: AppContext; subscription: SubscriptionDoc }): Promise<boolean> {
  const { modified } = await subscriptions(ctx).updateOne(
    { ...unchanged(subscription), status: 'past_due' },
    { $set: { status: 'expired', updated: ctx.now().toISOString() }, $unset: { nextAttemptAt: true, renewalLeaseId: true, pendingTransactionId: true } },
  );
  if (modified > 0) await sendRenewalMail({ ctx, subscription, mail: { kind: 'expired' } });
  return modified > 0;
}

/** The provider could not be reached: ask again later, without counting an attempt. */
export async function postponeRenewal({ ctx, subscription, until, reason }: { ctx: AppContext; subscription: SubscriptionDoc; until: string; reason: string }): Promise<void> {
  await subscriptions(ctx).updateOne(unchanged(subscription), { $set: { nextAttemptAt: until, lastRenewalError: reason }, $unset: { renewalLeaseId: true } });
}
