// Indexes of the plan list (by family, in order) and of a user's live subscriptions, read by the
// pricing page and by every plan-limit check of the workspace.
import type { IndexSpec } from '../../../storage/port';

export const billingPlanIndexes: IndexSpec[] = [
  { collection: 'billing_plans', fields: { planId: 1 }, unique: true },
  { collection: 'billing_plans', fields: { family: 1, order: 1 } },
  { collection: 'billing_subscriptions', fields: { userId: 1, status: 1, created: -1 } },
  { collection: 'billing_subscriptions', fields: { userId: 1, family: 1, status: 1, created: -1 } },
  { collection: 'billing_funnel_events', fields: { type: 1, created: 1 } },
];
