// What a plan card shows, from a plan and the feature definitions (spec 002 sections 2, 3, 9):
// the price of the chosen cycle (a year shown per month), the saving, the slogan by plan name,
// and up to 6 highlighted features worded from their values.
import { formatViews, MAX_HIGHLIGHTED_FEATURES, periodOfVariantIndex, yearlyPerMonth, yearlySaving } from '../../../../../rules/pricing-math';
import { formatPlanStorage } from '../../../../../rules/format-bytes';
import { UNLIMITED_ABOVE } from '../../../../../rules/plan-features';
import { money } from '../../../../../rules/format-money';

export type FeatureValue = number | boolean | string;
export interface VariantLike { id: string; name: string; pricePeriod: 'month' | 'year'; priceCount: number }
export interface PlanLike {
  planId: string;
  name: string;
  isFree: boolean;
  features: Record<string, FeatureValue>;
  pricingVariants: VariantLike[];
  meta: { planName: string };
}
export interface FeatureLike { name: string; displayName: string; type: string; meta?: { highlight?: boolean; group?: string; hidden?: boolean } }

/** Slogans by plan name (section 2, widgets-count picker); other names have none. */
const SLOGANS: ReadonlyArray<[RegExp, string]> = [
  [/^free$/i, 'Get started with the basics.'],
  [/^(basic|essentials)$/i, 'Everything a small website needs.'],
  [/^pro$/i, 'For growing businesses that want more.'],
  [/^(premium|ultimate)$/i, 'The full power for large websites and agencies.'],
];

export const sloganOf = (planName: string): string => SLOGANS.find(([pattern]) => pattern.test(planName.trim()))?.[1] ?? '';

/** The variant of the cycle: month at an even index, year at an odd one. */
export function variantFor({ plan, cycle }: { plan: PlanLike; cycle: 'month' | 'year' }): { variant: VariantLike; index: number } | null {
  const index = plan.pricingVariants.findIndex((_, at) => periodOfVariantIndex(at) === cycle);
  return index < 0 ? null : { variant: plan.pricingVariants[index], index };
}

/** A feature's value alone, for the comparison table: '10K', '500 MB', 'Unlimited', '25'. */
export function featureValueText({ feature, value }: { feature: FeatureLike; value: FeatureValue }): string {
  if (feature.name === 'numberOfViewsPerMonth' && typeof value === 'number') return formatViews(value);
  if (feature.name === 'numberOfBytesInStorage' && typeof value === 'number') return formatPlanStorage(value);
  if (typeof value === 'number') return value > UNLIMITED_ABOVE ? 'Unlimited' : value.toLocaleString('en-US');
  return String(value);
}

/** One feature in words, e.g. '10K views per month', '500 MB storage', 'Unlimited websites', 'All apps'. */
export function featureText({ feature, value }: { feature: FeatureLike; value: FeatureValue }): string | null {
  if (value === false || value === 0 || value === '') return null;
  if (value === true) return feature.displayName;
  if (feature.name === 'numberOfViewsPerMonth') return `${featureValueText({ feature, value })} views per month`;
  if (feature.name === 'numberOfBytesInStorage') return `${featureValueText({ feature, value })} storage`;
  if (feature.name === 'trial') return `${featureValueText({ feature, value })}-day free trial`;
  const amount = featureValueText({ feature, value });
  if (amount === 'Unlimited') return `Unlimited ${feature.displayName.toLowerCase()}`;
  // '1 Widget', not '1 Widgets'.
  return `${amount} ${amount === '1' ? feature.displayName.replace(/s$/, '') : feature.displayName}`;
}

/** Up to 6 features of the plan, the highlighted definitions first, in their order. */
export function highlightedFeatures({ plan, features }: { plan: PlanLike; features: readonly FeatureLike[] }): string[] {
  const shown = features.filter((feature) => !feature.meta?.hidden && feature.name in plan.features);
  const ordered = [...shown.filter((feature) => feature.meta?.highlight), ...shown.filter((feature) => !feature.meta?.highlight)];
  return ordered
    .map((feature) => featureText({ feature, value: plan.features[feature.name] }))
    .filter((text): text is string => text !== null)
    .slice(0, MAX_HIGHLIGHTED_FEATURES);
}

export interface PlanCardModel {
  planId: string;
  name: string;
  slogan: string;
  /** Price per month of the chosen cycle, '$12.50'. */
  perMonth: string;
  /** 'Billed $150.00 yearly', 'Billed monthly', or 'No charge.' for the free plan. */
  billed: string;
  /** 'Save $30.00' on the year when there is a saving. */
  save?: string;
  features: string[];
  variantId?: string;
}

export function planCardOf({ plan, features, cycle }: { plan: PlanLike; features: readonly FeatureLike[]; cycle: 'month' | 'year' }): PlanCardModel {
  const chosen = variantFor({ plan, cycle });
  const monthly = variantFor({ plan, cycle: 'month' })?.variant.priceCount;
  const base = { planId: plan.planId, name: plan.name, slogan: sloganOf(plan.meta.planName || plan.name), features: highlightedFeatures({ plan, features }), variantId: chosen?.variant.id };
  if (plan.isFree || !chosen) return { ...base, perMonth: money(0), billed: 'No charge.' };
  const { priceCount } = chosen.variant;
  if (cycle === 'month') return { ...base, perMonth: money(priceCount), billed: 'Billed monthly' };
  const saving = monthly === undefined ? 0 : yearlySaving({ monthlyPrice: monthly, yearlyPrice: priceCount });
  return {
    ...base,
    perMonth: money(yearlyPerMonth(priceCount)),
    billed: `Billed ${money(priceCount)} yearly`,
    ...(saving > 0 ? { save: `Save ${money(saving)}` } : {}),
  };
}
