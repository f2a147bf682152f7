// The billing form's address checks (spec 002 section 5). Countries and the US and Canadian
// states come from the country-region-data package, not a hand-written list.
import { CA, US, countryTuples } from 'country-region-data';
import { BILLING_MESSAGES } from './billing-messages';

export interface BillingAddress {
  country: string;
  state?: string;
}

/** Name/code pairs for the country select, by name. */
export const BILLING_COUNTRIES: readonly { name: string; code: string }[] = countryTuples.map(([name, code]) => ({ name, code }));

const COUNTRY_CODES = new Set(BILLING_COUNTRIES.map(({ code }) => code));

/** State name or abbreviation (lower case) -> two-letter code, for the countries whose state is checked. */
const STATE_CODES: Readonly<Record<string, ReadonlyMap<string, string>>> = Object.fromEntries(
  [US, CA].map(([, code, regions]) => [code, new Map(regions.flatMap(([name, short]) => [[name.toLowerCase(), short], [short.toLowerCase(), short]]))]),
);

export const COUNTRY_INVALID = 'Country field is invalid.';

export const isStateChecked = (country: string): boolean => country.toUpperCase() in STATE_CODES;

/** The two-letter code of a US or CA state given by name or code (any case), else undefined. */
export function stateCode({ country, state }: BillingAddress): string | undefined {
  return STATE_CODES[country.toUpperCase()]?.get((state ?? '').trim().toLowerCase());
}

/** Field errors of the address part of the billing form; empty when it is valid. */
export function billingAddressErrors(address: BillingAddress): Record<string, string> {
  if (!COUNTRY_CODES.has(address.country.toUpperCase())) return { country: COUNTRY_INVALID };
  if (isStateChecked(address.country) && !stateCode(address)) return { state: BILLING_MESSAGES.stateInvalid };
  return {};
}

/** The address as stored: upper-case country, US/CA states as their two-letter code. */
export function normaliseBillingAddress<T extends BillingAddress>(address: T): T {
  const country = address.country.toUpperCase();
  const state = isStateChecked(country) ? stateCode(address) : address.state?.trim();
  return { ...address, country, ...(state ? { state } : {}) };
}
