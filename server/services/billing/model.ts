// Documents of the widget platform's billing (spec 002 section 3) and typed accessors to their
// collections. Amounts are USD in major units (9.99), as the spec's screens show them.
import type { BillingForm } from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import type { Collection } from '../../storage/port';
import type { BillingSource } from './providers/port';

/** A plan family: bundle, mini_bundles, widgets_bundle, bracketsninja, or an app's componentType. */
export type PlanFamily = string;

/** Spec 002: even index in the list is the month variant, odd the year variant. */
export interface PricingVariantDoc {
  id: string;
  name: string;
  pricePeriod: 'month' | 'year';
  /** The price of one period, USD. */
  priceCount: number;
}

export interface FeatureDefinitionDoc {
  name: string;
  displayName: string;
  description?: string;
  type: 'boolean' | 'number' | 'string';
  meta?: { highlight?: boolean; group?: string; hidden?: boolean; supportedPlatforms?: string[]; type?: string };
}

/** A plan, seeded at start when missing and editable as data (no code). */
export interface PlanDoc {
  _id: string;
  planId: string;
  family: PlanFamily;
  name: string;
  isFree: boolean;
  order: number;
  /** Feature name -> value (numberOfViewsPerMonth, websites, allApps, ...). */
  features: Record<string, number | boolean | string>;
  pricingVariants: PricingVariantDoc[];
  /** Provider plan ids per billing period, by provider (commonninja, bluesnap, paypalApi, stripe). */
  planIds: Record<string, { month?: string; year?: string }>;
  /** The monthly list price, USD. */
  pricing: number;
  /** The apps (serviceNames) the plan covers; empty for all-app plans. */
  services: string[];
  meta: { planName: string; supportedPlatforms: string[]; core?: boolean };
  [key: string]: unknown;
}

/** incomplete: bought with a card whose first charge waits for its 3-D Secure step (grants nothing). */
export type SubscriptionStatus = 'trial' | 'active' | 'past_due' | 'cancelled' | 'expired' | 'incomplete';

export interface SubscriptionDoc {
  _id: string;
  /** The spec's subscriptionId (= _id). */
  subscriptionId: string;
  userId: string;
  status: SubscriptionStatus;
  source: BillingSource;
  /** Which adapter holds the customer and payment method (sandbox, stripe, paypal). */
  adapter: string;
  /** Integration version (PayPal 1 and below link out to cancel). */
  version: number;
  vendor?: string;
  serviceName: string;
  family: PlanFamily;
  planId: string;
  planPricingVariantId: string;
  platformSubscriptionId: string;
  customerRef?: string;
  paymentMethodRef?: string;
  plan: { name: string; period: 'month' | 'year'; amount: number; services: string[]; features: Record<string, number | boolean | string> };
  miniBundleId?: string;
  /** The billing form given at purchase (the invoices' customer details). */
  billingDetails?: BillingDetails;
  /** The first charge of an incomplete subscription (3-D Secure pending). */
  firstTransactionId?: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** Dunning: failed renewal attempts of the current period and when the next one is due. */
  failedAttempts: number;
  nextAttemptAt?: string;
  /** The renewal job's claim (renewals/claim.ts). */
  renewalLeaseId?: string;
  /** A renewal charge waiting for the buyer's 3-D Secure step; the next attempt asks for its outcome first. */
  pendingTransactionId?: string;
  lastRenewalError?: string;
  cancelledAt?: string;
  created: string;
  updated: string;
  [key: string]: unknown;
}

export interface PaymentDoc {
  _id: string;
  subscriptionId: string;
  userId: string;
  transactionId: string;
  planName: string;
  /** The plan's billing period when paid (month or year), for the invoice. */
  period?: 'month' | 'year';
  amount: number;
  /** refunded when the provider reports a refund (webhook). */
  status?: 'paid' | 'refunded';
  refundedAt?: string;
  source?: BillingSource;
  adapter?: string;
  /** Start and end of the period the payment covers. */
  periodStart: string;
  periodEnd: string;
  billingDetails?: BillingDetails;
  created: string;
  [key: string]: unknown;
}

/**
 * Spec 002 billing form's customer details, as the document declares them (without the 3-D Secure
 * flag). The state is required of new purchases, but subscriptions bought before it was may have none.
 */
export type BillingDetails = Omit<BillingForm, 'threeDS' | 'state'> & { state?: string };

export interface MiniBundleDoc {
  _id: string;
  userId: string;
  selectedApps: string[];
  created: string;
  updated: string;
  [key: string]: unknown;
}

export interface CheckoutSessionDoc {
  _id: string;
  userId: string;
  planId: string;
  pricingVariantId: string;
  platform: string;
  subscriptionId?: string;
  created: string;
  [key: string]: unknown;
}

/** Remembers the answer of each idempotency key so a double submit never charges twice. */
export interface IdempotencyDoc {
  _id: string;
  userId: string;
  operation: string;
  status: 'running' | 'done';
  answer?: unknown;
  created: string;
  [key: string]: unknown;
}

export const plans = (ctx: AppContext): Collection<PlanDoc> => ctx.store.collection<PlanDoc>('billing_plans');
export const SUBSCRIPTIONS = 'billing_subscriptions';
export const subscriptions = (ctx: AppContext): Collection<SubscriptionDoc> => ctx.store.collection<SubscriptionDoc>(SUBSCRIPTIONS);
export const payments = (ctx: AppContext): Collection<PaymentDoc> => ctx.store.collection<PaymentDoc>('billing_payments');
export const miniBundles = (ctx: AppContext): Collection<MiniBundleDoc> => ctx.store.collection<MiniBundleDoc>('billing_mini_bundles');
export const checkoutSessions = (ctx: AppContext): Collection<CheckoutSessionDoc> => ctx.store.collection<CheckoutSessionDoc>('billing_checkout_sessions');
export const idempotencyKeys = (ctx: AppContext): Collection<IdempotencyDoc> => ctx.store.collection<IdempotencyDoc>('billing_idempotency');
