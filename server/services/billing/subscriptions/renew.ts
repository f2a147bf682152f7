// Renew from the billing page (POST /nindo/api/renewSubscription/{subscriptionId}): a
// subscription that is past_due, cancelled or expired is charged its plan's price now and starts
// a new period. A cancelled one's card was forgotten, so it needs a new card token.
import type { AppContext } from '../../../context';
import { ConflictError } from '../../../http/errors';
import { derivedKey, once } from '../idempotency';
import { subscriptions } from '../model';
import type { SubscriptionDoc } from '../model';
import { recordPayment } from '../payments/record';
import { billingProviderFor } from '../providers/registry';
import { paidTransaction, withProvider } from './charges';
import { buyer } from './customer';
import { periodEndAfter } from '../periods';

export const NOTHING_TO_RENEW = 'This subscription is running; there is nothing to renew.';
export const CARD_NEEDED = 'Please enter a card to renew this subscription.';

const RENEWABLE: readonly SubscriptionDoc['status'][] = ['past_due', 'cancelled', 'expired'];

export interface RenewInput {
  ctx: AppContext;
  subscription: SubscriptionDoc;
  token?: string;
  idempotencyKey?: string;
}

/** Charges with the new card (saving it) or the saved one; the refs to keep and the transaction. */
async function chargeNow({ ctx, subscription, token, providerKey }: RenewInput & { providerKey: string }): Promise<{ customerRef: string; paymentMethodRef: string; transactionId: string }> {
  const provider = billingProviderFor({ ctx, adapter: subscription.adapter });
  const amount = subscription.plan.amount;
  const description = `${subscription.plan.name} (${subscription.plan.period}ly), renewed`;
  if (token) {
    const { customer } = await buyer({ ctx, userId: subscription.userId });
    const started = await withProvider(() => provider.startSubscription({ customer, token, amount, description, idempotencyKey: providerKey }));
    if (!started.charge) throw new ConflictError(CARD_NEEDED);
    return { customerRef: started.customerRef, paymentMethodRef: started.paymentMethodRef, transactionId: paidTransaction(started.charge) };
  }
  const { customerRef, paymentMethodRef } = subscription;
  if (subscription.status === 'cancelled' || !customerRef || !paymentMethodRef) throw new ConflictError(CARD_NEEDED);
  const outcome = await withProvider(() => provider.charge({ customerRef, paymentMethodRef, amount, description, idempotencyKey: providerKey }));
  return { customerRef, paymentMethodRef, transactionId: paidTransaction(outcome) };
}

export async function renewSubscription(input: RenewInput): Promise<SubscriptionDoc> {
  const { ctx, subscription } = input;
  const key = input.idempotencyKey ?? derivedKey(['renew', subscription._id, subscription.updated, input.token]);
  return once({
    ctx,
    userId: subscription.userId,
    operation: `renew:${subscription._id}`,
    key,
    run: async (providerKey) => {
      // Inside the idempotent run: a repeat of a finished renewal gets its answer, not 'nothing to renew'.
      if (!RENEWABLE.includes(subscription.status)) throw new ConflictError(NOTHING_TO_RENEW);
      const paid = await chargeNow({ ...input, providerKey });
      const now = ctx.now();
      const changes = {
        status: 'active' as const,
        customerRef: paid.customerRef,
        paymentMethodRef: paid.paymentMethodRef,
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: periodEndAfter({ start: now.toISOString(), period: subscription.plan.period }),
        failedAttempts: 0,
        updated: now.toISOString(),
      };
      await subscriptions(ctx).updateOne({ _id: subscription._id }, { $set: changes, $unset: { nextAttemptAt: true, cancelledAt: true, pendingTransactionId: true, lastRenewalError: true } });
      const { cancelledAt: _ended, nextAttemptAt: _due, pendingTransactionId: _pending, lastRenewalError: _error, ...kept } = subscription;
      const renewed: SubscriptionDoc = { ...kept, ...changes };
      await recordPayment({
        ctx,
        subscription: renewed,
        transactionId: paid.transactionId,
        amount: subscription.plan.amount,
        periodStart: changes.currentPeriodStart,
        periodEnd: changes.currentPeriodEnd,
        billingDetails: subscription.billingDetails,
      });
      return renewed;
    },
  });
}
