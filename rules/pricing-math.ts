// The pricing page's arithmetic (spec 002 section 9), shared by the pricing screens, checkout and
// the server that charges: one copy of every formula, pinned by test/billing/pricing-math.test.ts.
import { abbreviateLimit } from './abbreviate';

/** Rounds a USD amount to cents (floating-point noise never reaches a price label or a charge). */
export const roundCents = (amount: number): number => Math.round((amount + Number.EPSILON) * 100) / 100;

/** Legacy checkout cycle: total = monthly price x months minus the discount percent, 2 decimals. */
export function cycleTotal({ monthlyPrice, months, discount = 0 }: { monthlyPrice: number; months: number; discount?: number }): number {
  return roundCents(monthlyPrice * months * (1 - discount / 100));
}

/** A yearly price is shown per month: price / 12. */
export const yearlyPerMonth = (yearlyPrice: number): number => roundCents(yearlyPrice / 12);

/** 'Save $' = 12 x (monthly price - yearly monthly equivalent). */
export function yearlySaving({ monthlyPrice, yearlyPrice }: { monthlyPrice: number; yearlyPrice: number }): number {
  return roundCents(12 * (monthlyPrice - yearlyPrice / 12));
}

/** The discount badge's percent off of paying yearly instead of monthly, whole percent. */
export function yearlyDiscountPercent({ monthlyPrice, yearlyPrice }: { monthlyPrice: number; yearlyPrice: number }): number {
  if (monthlyPrice <= 0) return 0;
  return Math.round((1 - yearlyPrice / (12 * monthlyPrice)) * 100);
}

/** The pricing page's views (spec 002 section 2). */
export type PricingView = 'per-app' | 'bundles' | 'minibundles' | 'widgetsbundle' | 'bracketsninja';

/** The billing-cycle toggle's badge: 'Save up to 43%' for widgetsbundle and bracketsninja, else 20%; mini-bundles 'Save 50%'. */
export function saveBadge(view: PricingView): string {
  if (view === 'minibundles') return `Save ${MINI_BUNDLE.bundleDiscountPercent}%`;
  return `Save up to ${view === 'widgetsbundle' || view === 'bracketsninja' ? 43 : 20}%`;
}

export const MINI_BUNDLE = {
  /** List price of one app, USD per month. */
  listPricePerApp: 15,
  bundleDiscountPercent: 50,
  /** Extra discount of the discounted subtotal on the year variant. */
  yearDiscountPercent: 20,
  defaultLimit: 3,
  /** The app that never counts toward (nor can join) a mini-bundle. */
  excludedApp: 'bracket',
} as const;

export interface MiniBundlePrice {
  /** Sum of the apps' list prices, per month. */
  listPrice: number;
  /** After the 50% bundle discount, per month (7.5 an app). */
  monthly: number;
  /** The year variant's price for the whole year: 12 x monthly minus 20%. */
  yearly: number;
  /** The year variant shown per month. */
  yearlyPerMonth: number;
}

/** Mini-bundle price of `apps` apps: 15 an app, 50% off, a further 20% off the year. */
export function miniBundlePrice(apps: number): MiniBundlePrice {
  const listPrice = roundCents(apps * MINI_BUNDLE.listPricePerApp);
  const monthly = roundCents(listPrice * (1 - MINI_BUNDLE.bundleDiscountPercent / 100));
  const yearly = roundCents(monthly * 12 * (1 - MINI_BUNDLE.yearDiscountPercent / 100));
  return { listPrice, monthly, yearly, yearlyPerMonth: yearlyPerMonth(yearly) };
}

/** Views per month on a plan card: 'Unlimited' above 10,000,000, else abbreviated (K, M, B...). */
export const formatViews = (views: number): string => abbreviateLimit(views);

/** The widgets-count picker's options; 'Custom Plan' follows them as an external link. */
export const WIDGET_COUNT_OPTIONS: readonly number[] = [1, 2, 3, 5, 10, 25, 50, 100, 250, 1000];
export const DEFAULT_WIDGET_COUNT = 5;

/** Even index in a plan's variant list is the month variant, odd the year variant. */
export const periodOfVariantIndex = (index: number): 'month' | 'year' => (index % 2 === 0 ? 'month' : 'year');

/** Index of the year variant shown first to anyone without an active subscription. */
export const DEFAULT_VARIANT_INDEX = 1;

/**
 * The variant selected when the page opens: the subscriber's current variant when it is in the
 * list, otherwise index 1 (the year), otherwise the first one there is.
 */
export function defaultVariantIndex({ variantIds, currentVariantId }: { variantIds: readonly string[]; currentVariantId?: string }): number {
  const current = currentVariantId === undefined ? -1 : variantIds.indexOf(currentVariantId);
  if (current >= 0) return current;
  return variantIds.length > DEFAULT_VARIANT_INDEX ? DEFAULT_VARIANT_INDEX : 0;
}

/** Plan cards highlight at most this many features. */
export const MAX_HIGHLIGHTED_FEATURES = 6;
