// Demo of the billing page: the demo site owner pays monthly for the All-in-One Pro plan with the
// sandbox's good test card, so Subscriptions and Payments History show rows (and invoices) on a
// fresh start. Deterministic ids; seeded once per store. The running renewal worker charges the
// next month when its day comes, like any subscriber's.
import type { AppContext } from '../context';
import { findUserByEmail } from '../services/accounts/users';
import { subscriptions } from '../services/billing/model';
import type { BillingDetails, SubscriptionDoc } from '../services/billing/model';
import { recordPayment } from '../services/billing/payments/record';
import { findPlan, variantOf } from '../services/billing/plans/find';
import { sandboxMethods } from '../services/billing/providers/sandbox/model';
import { periodEndAfter } from '../services/billing/periods';
import { DEMO_OWNER } from './accounts';

export const DEMO_SUBSCRIPTION_ID = 'demo-owner-pro-subscription';
const DEMO_CARD = 'sbpm_demo_owner_visa';
const PLAN_ID = 'bundle-pro';
const PAID_MONTHS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const BILLING: BillingDetails = { name: DEMO_OWNER.fullName, companyName: 'Demo Bakery', country: 'US', state: 'NY', city: 'New York', zip: '10001', address: '350 Fifth Avenue' };

const monthsBefore = ({ from, months }: { from: Date; months: number }): string => {
  const earlier = new Date(from);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier.toISOString();
};

export async function seedBilling(ctx: AppContext): Promise<string[]> {
  const owner = await findUserByEmail({ ctx, email: DEMO_OWNER.email });
  if (!owner) return [];
  const lines = ['Billing: the site owner pays monthly for All-in-One Pro (/user/dashboard/billing: subscription, payments, invoices)'];
  if (await subscriptions(ctx).findOne({ _id: DEMO_SUBSCRIPTION_ID })) return lines;

  const plan = await findPlan({ ctx, planId: PLAN_ID });
  const variant = variantOf({ plan, variantId: `${PLAN_ID}-month` });
  // Three months paid, oldest first; the current one started 20 days ago.
  const current = new Date(ctx.now().getTime() - 20 * DAY_MS);
  const starts = Array.from({ length: PAID_MONTHS }, (_, i) => monthsBefore({ from: current, months: PAID_MONTHS - 1 - i }));
  const currentStart = current.toISOString();
  const currentEnd = periodEndAfter({ start: currentStart, period: 'month' });
  const created = monthsBefore({ from: current, months: PAID_MONTHS - 1 });
  await sandboxMethods(ctx).findOneAndUpdate(
    { _id: DEMO_CARD },
    { $setOnInsert: { behaviour: 'succeed', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2035, customerRef: `sbcus_${owner._id}`, detached: false, created } },
    { upsert: true },
  );
  const subscription: SubscriptionDoc = {
    _id: DEMO_SUBSCRIPTION_ID, subscriptionId: DEMO_SUBSCRIPTION_ID, userId: owner._id, status: 'active', source: 'bluesnap', adapter: 'sandbox', version: 2,
    serviceName: 'nindo', family: plan.family, planId: plan.planId, planPricingVariantId: variant.id, platformSubscriptionId: `sandbox-${DEMO_SUBSCRIPTION_ID}`,
    customerRef: `sbcus_${owner._id}`, paymentMethodRef: DEMO_CARD, billingDetails: BILLING,
    plan: { name: plan.name, period: variant.pricePeriod, amount: variant.priceCount, services: plan.services, features: plan.features },
    currentPeriodStart: currentStart, currentPeriodEnd: currentEnd, failedAttempts: 0, nextAttemptAt: currentEnd, created, updated: currentStart,
  };
  await subscriptions(ctx).insertOne(subscription);
  for (const [i, periodStart] of starts.entries()) {
    // Each month's payment is dated when it was paid, not when the demo was seeded.
    const paidThen: AppContext = { ...ctx, now: () => new Date(periodStart) };
    await recordPayment({ ctx: paidThen, subscription, transactionId: `demo-tx-${i + 1}`, amount: variant.priceCount, periodStart, periodEnd: periodEndAfter({ start: periodStart, period: 'month' }), billingDetails: BILLING });
  }
  return lines;
}
