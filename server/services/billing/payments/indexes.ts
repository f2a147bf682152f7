// Indexes of the billing history and of the renewal job's claim.
import type { IndexSpec } from '../../../storage/port';

export const billingPaymentIndexes: IndexSpec[] = [
  { collection: 'billing_payments', fields: { transactionId: 1 }, unique: true },
  { collection: 'billing_payments', fields: { userId: 1, created: -1 } },
  { collection: 'billing_subscriptions', fields: { status: 1, nextAttemptAt: 1 } },
  { collection: 'billing_subscriptions', fields: { status: 1, currentPeriodEnd: 1 } },
  { collection: 'billing_subscriptions', fields: { renewalLeaseId: 1 } },
];
