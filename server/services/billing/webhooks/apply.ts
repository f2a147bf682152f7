// A verified provider notification applied to our records. Events that name nothing of ours are
// acknowledged and ignored: the provider would otherwise keep sending them for days.
import type { AppContext } from '../../../context';
import { payments, subscriptions } from '../model';
import type { ProviderEvent } from '../providers/port';
import { RENEWING_STATUSES } from '../renewals/claim';
import { settleRenewalFailed, settleRenewalPaid } from '../renewals/settle';

/** The subscription whose renewal charge (a 3-D Secure step) is waiting for this transaction. */
const awaitingRenewal = ({ ctx, adapter, transactionId }: { ctx: AppContext; adapter: string; transactionId: string }) =>
  subscriptions(ctx).findOne({ adapter, pendingTransactionId: transactionId, status: { $in: [...RENEWING_STATUSES] } });

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
    const subscription = await awaitingRenewal({ ctx, adapter, transactionId });
    if (!subscription) return false;
    return event.type === 'payment.succeeded'
      ? settleRenewalPaid({ ctx, subscription, transactionId })
      : settleRenewalFailed({ ctx, subscription, reason: 'The payment was not confirmed.' });
  }
  return false;
}
