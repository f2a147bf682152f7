// A plan's prices in one line for the plans list: "$9.99 / month · $99.00 / 3 months".
import type { Plan, PricingVariant } from '../../../../../../generated/client/types.gen';
import { money } from '../../../../../../rules/format-money';

const every = ({ pricePeriod, pricePeriodCount }: Pick<PricingVariant, 'pricePeriod' | 'pricePeriodCount'>): string => {
  if (pricePeriod === 'one-time') return 'once';
  return pricePeriodCount > 1 ? `${pricePeriodCount} ${pricePeriod}s` : pricePeriod;
};

export function priceSummary(plan: Pick<Plan, 'isFree' | 'currency' | 'pricingVariants'>): string {
  if (plan.isFree) return 'Free';
  if (plan.pricingVariants.length === 0) return 'No prices yet';
  return plan.pricingVariants.map((v) => `${money(v.priceCount, plan.currency)} / ${every(v)}`).join(' · ');
}
