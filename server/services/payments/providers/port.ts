// The payment-provider port: what the plans, coupons and app-user services may ask of any
// provider. Each adapter is a table of these functions, chosen by the integration's platform
// (registry.ts); credentials are the app's opened integration keys (spec 000).

/** Spec 001 section 3: day, week, month, year or one-time. */
export type PricePeriod = 'day' | 'week' | 'month' | 'year' | 'one-time';

export interface ProviderCredentials {
  [name: string]: string | boolean;
}

export interface ProviderPriceVariant {
  id: string;
  name: string;
  /** Major units (dollars), at least 0.01. */
  priceCount: number;
  pricePeriod: PricePeriod;
  pricePeriodCount: number;
}

export interface ProviderPlan {
  planId: string;
  name: string;
  description?: string;
  currency: string;
  trialCount: number;
  pricingVariants: ProviderPriceVariant[];
}

export interface ProviderCoupon {
  couponId: string;
  couponName: string;
  platformCouponCode: string;
  discountType: 'percentage' | 'flat';
  discountAmount: number;
  discountCurrency: string;
  /** ISO date-time. */
  expires?: string;
  durationType: 'forever' | 'once' | 'repeating';
  durationAmountInMonths?: number;
  maxRedemptions?: number;
  /** Provider plan (price) ids the coupon applies to. */
  appliesTo: string[];
}

export interface ProviderCall {
  credentials: ProviderCredentials;
  /**
   * The same key on every retry of one job, where the provider supports it (stripe), so a retry
   * after a lost answer does not refund or change twice.
   */
  idempotencyKey?: string;
}

export interface PaymentProvider {
  readonly platform: string;
  /** True where the developer must type a provider plan id per variant (paddle, duda, wix). */
  readonly needsPlanIds: boolean;
  /** Creates or checks the provider's plans; answers variant id -> provider plan id. */
  connectPlan(input: ProviderCall & { plan: ProviderPlan; given: Record<string, string> }): Promise<Record<string, string>>;
  /** Creates the coupon at the provider; answers the provider's id for it. */
  createCoupon(input: ProviderCall & { coupon: ProviderCoupon }): Promise<{ platformCouponId: string }>;
  deleteCoupon(input: ProviderCall & { platformCouponId: string }): Promise<void>;
  cancelSubscription(input: ProviderCall & { platformSubscriptionId: string }): Promise<void>;
  changeSubscription(input: ProviderCall & { platformSubscriptionId: string; platformPlanId: string }): Promise<void>;
  /** Refunds the whole charge, or `amount` (major units) of it. */
  refundCharge(input: ProviderCall & { platformChargeId: string; amount?: number; currency: string }): Promise<void>;
}

/**
 * An adapter's way to say the provider refused or could not be reached. `permanent` marks a call
 * that can never succeed (the platform does not offer it): job queues fail it instead of retrying.
 */
export class ProviderError extends Error {
  readonly permanent: boolean;
  constructor(
    readonly platform: string,
    message: string,
    readonly status?: number,
    options: { permanent?: boolean } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.permanent = options.permanent ?? false;
  }
}

export const providerProblem = (provider: string): string =>
  `There was a problem connecting to this provider, did you set up the integration to ${provider} correctly?`;
