// Indexes of the subscription lifecycle's look-ups: a user's subscriptions (billing page, live
// ones by family), a bundle's holder, a user's bundles and checkout sessions.
import type { IndexSpec } from '../../../storage/port';

export const billingSubscriptionIndexes: IndexSpec[] = [
  { collection: 'billing_subscriptions', fields: { userId: 1, created: -1 } },
  { collection: 'billing_subscriptions', fields: { userId: 1, family: 1, status: 1 } },
  { collection: 'billing_subscriptions', fields: { miniBundleId: 1 } },
  { collection: 'billing_mini_bundles', fields: { userId: 1, created: -1 } },
  { collection: 'billing_checkout_sessions', fields: { userId: 1, created: -1 } },
];
