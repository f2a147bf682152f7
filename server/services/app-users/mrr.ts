// Monthly recurring revenue of one price (spec 001 section 4, decided further in
// docs/app-users.md): a year is 12 months, a week 52/12 of one, a day 365/12; the price covers
// pricePeriodCount periods; a one-time price recurs never and counts 0.
import type { PricePeriod } from '../../../generated/client/types.gen';

const MONTHS_PER_PERIOD: Record<Exclude<PricePeriod, 'one-time'>, number> = {
  day: 12 / 365,
  week: 12 / 52,
  month: 1,
  year: 12,
};

export interface PriceInput {
  priceCount: number;
  pricePeriod: PricePeriod;
  pricePeriodCount?: number;
}

export function monthlyAmount({ priceCount, pricePeriod, pricePeriodCount }: PriceInput): number {
  if (pricePeriod === 'one-time') return 0;
  const months = MONTHS_PER_PERIOD[pricePeriod] * Math.max(1, pricePeriodCount ?? 1);
  return priceCount / months;
}
