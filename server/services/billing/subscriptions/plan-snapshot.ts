// What a subscription keeps of its plan (name, period, amount, services, features), so a later
// edit of the plan data never changes what a subscriber bought.
import type { PlanDoc, PricingVariantDoc, SubscriptionDoc } from '../model';

export const planSnapshot = ({ plan, variant }: { plan: PlanDoc; variant: PricingVariantDoc }): SubscriptionDoc['plan'] => ({
  name: plan.name,
  period: variant.pricePeriod,
  amount: variant.priceCount,
  services: plan.services,
  features: plan.features,
});

/** Trial days of a plan (feature `trial`), 0 when it has none. */
export const trialDays = (plan: PlanDoc): number => (typeof plan.features.trial === 'number' && plan.features.trial > 0 ? plan.features.trial : 0);

export const chargeDescription = ({ plan, variant }: { plan: PlanDoc; variant: PricingVariantDoc }): string => `${plan.name} (${variant.pricePeriod}ly)`;
