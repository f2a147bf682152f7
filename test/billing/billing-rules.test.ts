// The pure billing rules: the proration of a plan change and the billing address checks.
import { billingAddressErrors, BILLING_COUNTRIES, normaliseBillingAddress } from '../../rules/billing-address';
import { BILLING_MESSAGES, isLessWidgetsError, lessWidgetsMessage } from '../../rules/billing-messages';
import { prorate, unusedCredit } from '../../rules/billing-proration';

const start = new Date('2026-01-01T00:00:00Z');
const end = new Date('2026-01-31T00:00:00Z');
const at = (day: number): Date => new Date(start.getTime() + day * 24 * 60 * 60 * 1000);

describe('proration of a plan change', () => {
  it.each([
    ['at the start', 0, 30],
    ['a third in', 10, 20],
    ['at the end', 30, 0],
    ['after the end', 40, 0],
    ['before the start', -5, 30],
  ])('credits the unused part of a $30 month %s', (_case, day, credit) => {
    expect(unusedCredit({ currentAmount: 30, periodStart: start, periodEnd: end, now: at(day) })).toBe(credit);
  });

  it.each([
    ['a dearer plan a third in: the new price less the credit', 10, 50, { kind: 'upgrade', credit: 20, due: 30 }],
    ['a yearly plan on the first day', 0, 96, { kind: 'upgrade', credit: 30, due: 66 }],
    ['a cheaper plan a third in: nothing due', 10, 15, { kind: 'downgrade', credit: 20, due: 0 }],
    ['a plan costing exactly the credit', 10, 20, { kind: 'downgrade', credit: 20, due: 0 }],
  ])('moving to %s', (_case, day, newAmount, expected) => {
    expect(prorate({ currentAmount: 30, periodStart: start, periodEnd: end, now: at(day), newAmount })).toEqual(expected);
  });

  it('rounds the credit and the amount due to the cent', () => {
    expect(prorate({ currentAmount: 10, periodStart: start, periodEnd: end, now: at(1), newAmount: 20 })).toEqual({ kind: 'upgrade', credit: 9.67, due: 10.33 });
  });
});

describe('billing address', () => {
  it.each([
    ['a US state by code', { country: 'US', state: 'ca' }, {}],
    ['a US state by name in any case', { country: 'us', state: 'new york' }, {}],
    ['a Canadian province by name', { country: 'CA', state: 'British Columbia' }, {}],
    ['an unknown US state', { country: 'US', state: 'Atlantis' }, { state: BILLING_MESSAGES.stateInvalid }],
    ['no state in the US', { country: 'US' }, { state: BILLING_MESSAGES.stateInvalid }],
    ['a US state in Canada', { country: 'CA', state: 'TX' }, { state: BILLING_MESSAGES.stateInvalid }],
    ['any state elsewhere', { country: 'DE', state: 'Anything' }, {}],
    ['an unknown country', { country: 'ZZ' }, { country: 'Country field is invalid.' }],
  ])('%s', (_case, address, errors) => {
    expect(billingAddressErrors(address)).toEqual(errors);
  });

  it('stores US and Canadian states as their two-letter code and the country in capitals', () => {
    expect(normaliseBillingAddress({ country: 'us', state: ' california ' })).toEqual({ country: 'US', state: 'CA' });
    expect(normaliseBillingAddress({ country: 'de', state: ' Bayern ' })).toEqual({ country: 'DE', state: 'Bayern' });
  });

  it('lists the countries by name and code from the data package', () => {
    expect(BILLING_COUNTRIES).toContainEqual({ name: 'United States', code: 'US' });
    expect(BILLING_COUNTRIES.length).toBeGreaterThan(240);
  });
});

describe('the less-widgets refusal', () => {
  it("says 'less widgets' so the screen opens the Change Plan popup", () => {
    const message = lessWidgetsMessage({ inUse: 7, allowed: 5 });
    expect(isLessWidgetsError(message)).toBe(true);
    expect(message).toContain('remove 2 widget(s)');
  });
});
