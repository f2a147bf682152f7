// Records one payment of a subscription: the history row, the invoice's source and the proof a
// period was paid. The transactionId is unique, so recording the same charge twice (a retried
// request, a webhook after the renewal job) keeps one row.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import { DuplicateKeyError } from '../../../storage/port';
import { payments } from '../model';
import type { BillingDetails, PaymentDoc, SubscriptionDoc } from '../model';

export interface RecordPaymentInput {
  ctx: AppContext;
  subscription: Pick<SubscriptionDoc, '_id' | 'userId' | 'plan' | 'source' | 'adapter'>;
  transactionId: string;
  amount: number;
  periodStart: string;
  periodEnd: string;
  billingDetails?: BillingDetails;
}

export async function recordPayment({ ctx, subscription, transactionId, amount, periodStart, periodEnd, billingDetails }: RecordPaymentInput): Promise<PaymentDoc> {
  const existing = await payments(ctx).findOne({ transactionId });
  if (existing) return existing;
  const doc: PaymentDoc = {
    _id: randomUUID(),
    subscriptionId: subscription._id,
    userId: subscription.userId,
    transactionId,
    planName: subscription.plan.name,
    period: subscription.plan.period,
    amount,
    status: 'paid',
    source: subscription.source,
    adapter: subscription.adapter,
    periodStart,
    periodEnd,
    ...(billingDetails ? { billingDetails } : {}),
    created: ctx.now().toISOString(),
  };
  try {
    return await payments(ctx).insertOne(doc);
  } catch (err) {
    // Two writers raced on one charge: the first row stands.
    const winner = err instanceof DuplicateKeyError ? await payments(ctx).findOne({ transactionId }) : null;
    if (winner) return winner;
    throw err;
  }
}
