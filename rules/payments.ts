// The payment rules whose wording the spec fixes (001 section 5), shared by the plan editor,
// the Features tab, the coupon popup and the server, so both say the same thing. Each answers
// field path -> message, empty when the input is fine.
import { FEATURE_MESSAGES, duplicateFeatureNames, featureNameError } from './feature-name';

export type PaymentFieldErrors = Record<string, string>;

export const PRICE_MIN = 0.01;
export const TRIAL_DAYS_MAX = 999;
export const COUPON_CODE_MAX = 20;

export const PLAN_NAME_REQUIRED = 'Plan name is required';
export const VARIANT_NAME_REQUIRED = 'Please add a name';
// Worded as the schema's maximum is, so the browser and the server agree.
export const TRIAL_TOO_LONG = `Trial days must be at most ${TRIAL_DAYS_MAX}`;
export const priceTooLow = (currency: string): string => `Price must be equal or greater than ${PRICE_MIN} ${currency.toUpperCase()}`;

export interface PriceLike {
  name?: string;
  priceCount: number;
}

/** A plan's own fields: its name, trial and every price (a free plan has none to check). */
export function planErrors({ name, trialCount, currency, isFree, pricingVariants }: { name: string; trialCount?: number; currency: string; isFree?: boolean; pricingVariants?: PriceLike[] }): PaymentFieldErrors {
  const errors: PaymentFieldErrors = {};
  if (!name.trim()) errors.name = PLAN_NAME_REQUIRED;
  if (trialCount !== undefined && (trialCount < 0 || trialCount > TRIAL_DAYS_MAX)) errors.trialCount = TRIAL_TOO_LONG;
  if (isFree) return errors;
  (pricingVariants ?? []).forEach((variant, i) => {
    if (!variant.name?.trim()) errors[`pricingVariants.${i}.name`] = VARIANT_NAME_REQUIRED;
    if (!(variant.priceCount >= PRICE_MIN)) errors[`pricingVariants.${i}.priceCount`] = priceTooLow(currency);
  });
  return errors;
}

export const FEATURE_NUMBER_NEGATIVE = 'Default value must be equal or greater than 0';

export type FeatureKind = 'boolean' | 'number' | 'string';
export type FeatureValueLike = boolean | number | string;

/** Whether a value fits the feature's type (a plan's value or a default). */
export const fitsFeatureType = (type: FeatureKind, value: unknown): value is FeatureValueLike => typeof value === type && (type !== 'number' || Number.isFinite(value));

export const featureTypeMismatch = (type: FeatureKind): string => `Value must be a ${type === 'boolean' ? 'yes or no' : type}`;

export interface FeatureLike {
  displayName: string;
  name: string;
  type: FeatureKind;
  value?: unknown;
}

/** The whole list, as the Features tab saves it: each feature's fields and the names' uniqueness. */
export function featureListErrors(features: FeatureLike[]): PaymentFieldErrors {
  const errors: PaymentFieldErrors = {};
  features.forEach((feature, i) => {
    if (!feature.displayName.trim()) errors[`${i}.displayName`] = FEATURE_MESSAGES.displayNameRequired;
    const nameError = featureNameError(feature.name);
    if (nameError) errors[`${i}.name`] = nameError;
    if (feature.value === undefined) return;
    if (!fitsFeatureType(feature.type, feature.value)) errors[`${i}.value`] = featureTypeMismatch(feature.type);
    else if (feature.type === 'number' && (feature.value as number) < 0) errors[`${i}.value`] = FEATURE_NUMBER_NEGATIVE;
  });
  for (const i of duplicateFeatureNames(features.map((f) => f.name))) errors[`${i}.name`] ??= FEATURE_MESSAGES.notUnique;
  return errors;
}

export const COUPON_NAME_REQUIRED = 'Coupon name is required';
export const COUPON_CODE_REQUIRED = 'Coupon code is required';
export const COUPON_PLATFORM_REQUIRED = 'Platform is required';
export const COUPON_EXPIRES_REQUIRED = 'Expiration date is required';
export const COUPON_NEEDS_PLAN = 'Please connect at least one plan to the coupon';
export const COUPON_CODE_TOO_LONG = `Coupon code must be at most ${COUPON_CODE_MAX} characters`;
export const COUPON_PERCENT_TOO_HIGH = 'Discount amount must be at most 100 percent';
export const COUPON_MONTHS_REQUIRED = 'Duration in months is required';

export interface CouponLike {
  couponName: string;
  platformCouponCode: string;
  platform: string;
  expires?: string;
  discountType?: 'percentage' | 'flat';
  discountAmount: number;
  durationType?: 'forever' | 'once' | 'repeating';
  durationAmountInMonths?: number;
  appliesTo: string[];
}

/** The coupon popup's fields (the schema already bounds the numbers and lengths). */
export function couponErrors(coupon: CouponLike): PaymentFieldErrors {
  const errors: PaymentFieldErrors = {};
  if (!coupon.couponName.trim()) errors.couponName = COUPON_NAME_REQUIRED;
  const code = coupon.platformCouponCode.trim();
  if (!code) errors.platformCouponCode = COUPON_CODE_REQUIRED;
  else if (code.length > COUPON_CODE_MAX) errors.platformCouponCode = COUPON_CODE_TOO_LONG;
  if (!coupon.platform.trim()) errors.platform = COUPON_PLATFORM_REQUIRED;
  if (!coupon.expires?.trim()) errors.expires = COUPON_EXPIRES_REQUIRED;
  if (coupon.discountType !== 'flat' && coupon.discountAmount > 100) errors.discountAmount = COUPON_PERCENT_TOO_HIGH;
  if (coupon.durationType === 'repeating' && !coupon.durationAmountInMonths) errors.durationAmountInMonths = COUPON_MONTHS_REQUIRED;
  if (coupon.appliesTo.filter((id) => id.trim()).length === 0) errors.appliesTo = COUPON_NEEDS_PLAN;
  return errors;
}
