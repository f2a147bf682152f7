// A verified provider notification applied to our records: refunds, renewals and purchases
// waiting on 3-D Secure, cancellations at the provider. Events that name nothing of ours are
// acknowledged and ignored: the provider would otherwise keep sending them for days.
import type { AppContext } from '../../../context';
import { AppError } from '../../../http/errors';
import { payments, subscriptions } from '../model';
import type { ProviderEvent } from '../providers/port';
import { RENEWING_STATUSES } from '../renewals/claim';
import { settleRenewalFailed, settleRenewalPaid } from '../renewals/settle';
import { confirmSubscription } from '../subscriptions/confirm';

/** The subscription whose renewal charge (a 3-D Secure step) is waiting for this transaction. */
const awaitingRenewal = ({ ctx, adapter, transactionId }: { ctx: AppContext; adapter: string; transactionId: string }) =>
  subscriptions(ctx).findOne({ adapter, pendingTransactionId: transactionId, status: { $in: [...RENEWING_STATUSES] } });

/** A purchase whose first charge waited for 3-D Secure: its confirmation is the checkout's (confirmSubscription). */
async function confirmPurchase({ ctx, adapter, transactionId }: { ctx: AppContext; adapter: string; transactionId: string }): Promise<boolean | null> {
  const purchase = await subscriptions(ctx).findOne({ adapter, status: 'incomplete', firstTransactionId: transactionId });
  if (!purchase) return null;
  try {
    await confirmSubscription({ ctx, subscription: purchase });
    return true;
  } catch (err) {
    // The provider still reports the step pending or declined: the buyer's own confirmation decides.
    if (err instanceof AppError) return false;
    throw err;
  }
}

async function refund({ ctx, adapter, transactionId }: { ctx: AppContext; adapter: string; transactionId: string }): Promise<boolean> {
  const { matched } = await payments(ctx).updateOne({ adapter, transactionId, status: { $ne: 'refunded' } }, { $set: { status: 'refunded', refundedAt: ctx.now().toISOString() } });
  return matched > 0;
}

async function cancelByCustomer({ ctx, adapter, customerRef }: { ctx: AppContext; adapter: string; customerRef: string }): Promise<boolean> {
  const now = ctx.now().toISOString();
  const { matched } = await subscriptions(ctx).updateMany(
    { adapter, customerRef, status: { $in: [...RENEWING_STATUSES] } },
    { $set: { status: 'cancelled', cancelledAt: now, updated: now }, $unset: { nextAttemptAt: true, renewalLeaseId: true } },
  );
  return matched > 0;
}

/** Answers whether the event changed anything of ours. */
export async function applyProviderEvent({ ctx, adapter, event }: { ctx: AppContext; adapter: string; event: ProviderEvent }): Promise<boolean> {
  const { transactionId, customerRef } = event;
  if (event.type === 'payment.refunded' && transactionId) return refund({ ctx, adapter, transactionId });
  if (event.type === 'subscription.cancelled' && customerRef) return cancelByCustomer({ ctx, adapter, customerRef });
  if ((event.type === 'payment.succeeded' || event.type === 'payment.failed') && transactionId) {
    const confirmed = event.type === 'payment.succeeded' ? await confirmPurchase({ ctx, adapter, transactionId }) : null;
    if (confirmed !== null) return confirmed;
    const subscription = await awaitingRenewal({ ctx, adapter, transactionId });
    if (!subscription) return false;
    return event.type === 'payment.succeeded'
      ? settleRenewalPaid({ ctx, subscription, transactionId })
      : settleRenewalFailed({ ctx, subscription, reason: 'The payment was not confirmed.' });
  }
  return false;
}
