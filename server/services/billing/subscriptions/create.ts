// Buying a plan (POST /api/{bluesnap|paypal}[/v/{vendor}]/subscription): the billing form is
// checked, the provider saves the payment method and takes the first charge (nothing during a
// trial), the subscription is stored and the payment recorded. Runs once per idempotency key.
import { randomUUID } from 'node:crypto';
import type { BillingSubscriptionResult, CreateSubscriptionBody } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../../http/errors';
import { billingAddressErrors, normaliseBillingAddress } from '../../../../rules/billing-address';
import { derivedKey, once } from '../idempotency';
import { miniBundles, subscriptions } from '../model';
import type { BillingDetails, PlanDoc, PricingVariantDoc, SubscriptionDoc } from '../model';
import { recordPayment } from '../payments/record';
import { findPlan, variantOf } from '../plans/find';
import { LIVE_STATUSES } from '../plans/live-subscriptions';
import { vendorOrNone } from '../plans/platforms';
import type { ChargeOutcome, StartOutcome } from '../providers/port';
import { PAYPAL_UNAVAILABLE } from '../providers/card-fields';
import { adapterForSource, billingProviderFor } from '../providers/registry';
import { PaymentDeclinedError, withProvider } from './charges';
import { buyer } from './customer';
import { bundleLimit } from './mini-bundle-limit';
import { addDays, periodEndAfter } from '../periods';
import { chargeDescription, planSnapshot, trialDays } from './plan-snapshot';
import { toBillingSubscription } from './view';

export const ALREADY_SUBSCRIBED = 'You already have a subscription to this plan. Change its plan from the billing page.';
export const FREE_PLAN_NOT_SOLD = 'The free plan needs no subscription.';
export const TOKEN_REQUIRED = 'Card details are required';
export const PAYPAL_ID_REQUIRED = 'The PayPal subscription is required';

export interface CreateSubscriptionInput {
  ctx: AppContext;
  userId: string;
  source: 'bluesnap' | 'paypal';
  vendor?: string;
  serviceName?: string;
  body: CreateSubscriptionBody;
  idempotencyKey?: string;
}

export interface CreatedSubscription {
  status: 200 | 202;
  result: BillingSubscriptionResult;
}

function checkedForm({ source, body }: Pick<CreateSubscriptionInput, 'source' | 'body'>): { billingDetails: BillingDetails; token: string } {
  const token = source === 'paypal' ? body.subscriptionId : body.token;
  if (!token) {
    const field = source === 'paypal' ? 'subscriptionId' : 'token';
    const message = source === 'paypal' ? PAYPAL_ID_REQUIRED : TOKEN_REQUIRED;
    throw new ValidationError(message, { [field]: message });
  }
  const errors = billingAddressErrors(body);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  const { name, companyName, country, state, city, zip, address } = normaliseBillingAddress(body);
  return { token, billingDetails: { name, country, city, zip, address, ...(companyName ? { companyName } : {}), ...(state ? { state } : {}) } };
}

async function checkBundle({ ctx, userId, plan, miniBundleId }: { ctx: AppContext; userId: string; plan: PlanDoc; miniBundleId?: string }): Promise<void> {
  if (!miniBundleId) return;
  const bundle = await miniBundles(ctx).findOne({ _id: miniBundleId, userId });
  if (!bundle) throw new NotFoundError('Bundle not found');
  const limit = bundleLimit(plan);
  if (bundle.selectedApps.length > limit) throw new ValidationError(`The bundle you chose supports ${limit} apps.`);
}

interface Purchase {
  plan: PlanDoc;
  variant: PricingVariantDoc;
  serviceName: string;
  trial: number;
}

async function purchaseOf({ ctx, userId, vendor, serviceName, body }: Omit<CreateSubscriptionInput, 'vendor'> & { vendor: string | undefined }): Promise<Purchase> {
  const plan = await findPlan({ ctx, planId: body.planId });
  const variant = variantOf({ plan, variantId: body.subscriptionTypeId });
  if (plan.isFree) throw new ValidationError(FREE_PLAN_NOT_SOLD);
  await checkBundle({ ctx, userId, plan, miniBundleId: body.miniBundleId });
  const service = serviceName || plan.family;
  const live = await subscriptions(ctx).find({ userId, family: plan.family, serviceName: service, status: { $in: [...LIVE_STATUSES] } });
  if (live.some((one) => vendorOrNone(one.vendor) === vendor)) throw new ConflictError(ALREADY_SUBSCRIBED);
  const earlier = await subscriptions(ctx).count({ userId, family: plan.family, status: { $ne: 'incomplete' } });
  return { plan, variant, serviceName: service, trial: earlier === 0 ? trialDays(plan) : 0 };
}

function statusOf({ charge }: Pick<StartOutcome, 'charge'>): SubscriptionDoc['status'] {
  if (!charge) return 'trial';
  if (charge.status === 'declined') throw new PaymentDeclinedError(charge.message);
  return charge.status === 'paid' ? 'active' : 'incomplete';
}

interface Started {
  input: CreateSubscriptionInput & { vendor: string | undefined };
  purchase: Purchase;
  adapter: string;
  token: string;
  billingDetails: BillingDetails;
  outcome: StartOutcome;
}

function subscriptionDoc({ input, purchase, adapter, token, billingDetails, outcome }: Started): SubscriptionDoc {
  const { ctx, userId, source, vendor, body } = input;
  const { plan, variant, trial } = purchase;
  const { charge } = outcome;
  const now = ctx.now();
  const end = trial > 0 ? addDays({ from: now, days: trial }).toISOString() : periodEndAfter({ start: now.toISOString(), period: variant.pricePeriod });
  const id = randomUUID();
  return {
    _id: id,
    subscriptionId: id,
    userId,
    status: statusOf(outcome),
    source,
    adapter,
    // Section 4: version 2 and above cancel here (version 1 was PayPal's own subscriptions).
    version: 2,
    ...(vendor ? { vendor } : {}),
    serviceName: purchase.serviceName,
    family: plan.family,
    planId: plan.planId,
    planPricingVariantId: variant.id,
    platformSubscriptionId: source === 'paypal' ? token : outcome.customerRef,
    customerRef: outcome.customerRef,
    paymentMethodRef: outcome.paymentMethodRef,
    plan: planSnapshot({ plan, variant }),
    ...(body.miniBundleId ? { miniBundleId: body.miniBundleId } : {}),
    billingDetails,
    ...(charge && charge.status !== 'declined' ? { firstTransactionId: charge.transactionId } : {}),
    currentPeriodStart: now.toISOString(),
    currentPeriodEnd: end,
    failedAttempts: 0,
    created: now.toISOString(),
    updated: now.toISOString(),
  };
}

async function answerOf({ ctx, subscription, charge }: { ctx: AppContext; subscription: SubscriptionDoc; charge: ChargeOutcome | null }): Promise<CreatedSubscription> {
  const view = await toBillingSubscription({ ctx, subscription });
  if (charge?.status === 'requires_action') return { status: 202, result: { subscription: view, actionUrl: charge.actionUrl, transactionId: charge.transactionId } };
  return { status: 200, result: { subscription: view, ...(charge?.status === 'paid' ? { transactionId: charge.transactionId } : {}) } };
}

export async function createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
  const { ctx, userId, source, body } = input;
  const vendor = vendorOrNone(input.vendor);
  const { token, billingDetails } = checkedForm(input);
  if (source === 'paypal' && !ctx.config.billing.paypal) throw new NotFoundError(PAYPAL_UNAVAILABLE);
  const key = input.idempotencyKey ?? body.idempotencyKey ?? derivedKey(['create', source, token, body.planId, body.subscriptionTypeId]);
  return once({
    ctx,
    userId,
    operation: 'createSubscription',
    key,
    run: async (providerKey) => {
      // Inside the idempotent run: a repeat of a finished purchase gets its answer, not 'already subscribed'.
      const purchase = await purchaseOf({ ...input, vendor });
      const { plan, variant, trial } = purchase;
      const adapter = adapterForSource({ ctx, source });
      const { customer } = await buyer({ ctx, userId });
      const amount = trial > 0 ? 0 : variant.priceCount;
      const description = chargeDescription({ plan, variant });
      const outcome = await withProvider(() => billingProviderFor({ ctx, adapter }).startSubscription({ customer, token, amount, description, idempotencyKey: providerKey }));
      const subscription = subscriptionDoc({ input: { ...input, vendor }, purchase, adapter, token, billingDetails, outcome });
      await subscriptions(ctx).insertOne(subscription);
      const { charge } = outcome;
      if (charge?.status === 'paid') {
        const period = { periodStart: subscription.currentPeriodStart, periodEnd: subscription.currentPeriodEnd };
        await recordPayment({ ctx, subscription, transactionId: charge.transactionId, amount, ...period, billingDetails });
      }
      return answerOf({ ctx, subscription, charge });
    },
  });
}
