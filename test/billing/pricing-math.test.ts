import {
  DEFAULT_WIDGET_COUNT, MINI_BUNDLE, WIDGET_COUNT_OPTIONS, cycleTotal, defaultVariantIndex, formatViews,
  miniBundlePrice, periodOfVariantIndex, saveBadge, yearlyDiscountPercent, yearlyPerMonth, yearlySaving,
} from '../../rules/pricing-math';

describe('pricing math (spec 002 section 9)', () => {
  it.each([
    { monthlyPrice: 10, months: 1, discount: 0, total: 10 },
    { monthlyPrice: 10, months: 12, discount: 20, total: 96 },
    { monthlyPrice: 9.99, months: 6, discount: 15, total: 50.95 },
    { monthlyPrice: 19.99, months: 3, discount: 0, total: 59.97 },
  ])('a cycle of $months months at $monthlyPrice less $discount% totals $total', ({ monthlyPrice, months, discount, total }) => {
    expect(cycleTotal({ monthlyPrice, months, discount })).toBe(total);
  });

  it.each([
    { yearlyPrice: 120, perMonth: 10 },
    { yearlyPrice: 99, perMonth: 8.25 },
    { yearlyPrice: 0, perMonth: 0 },
  ])('a yearly price of $yearlyPrice is shown as $perMonth a month', ({ yearlyPrice, perMonth }) => {
    expect(yearlyPerMonth(yearlyPrice)).toBe(perMonth);
  });

  it.each([
    { monthlyPrice: 10, yearlyPrice: 96, save: 24, percent: 20 },
    { monthlyPrice: 14, yearlyPrice: 96, save: 72, percent: 43 },
    { monthlyPrice: 9.99, yearlyPrice: 99, save: 20.88, percent: 17 },
    { monthlyPrice: 0, yearlyPrice: 0, save: 0, percent: 0 },
  ])('monthly $monthlyPrice against yearly $yearlyPrice saves $$save, $percent% off', ({ monthlyPrice, yearlyPrice, save, percent }) => {
    expect(yearlySaving({ monthlyPrice, yearlyPrice })).toBe(save);
    expect(yearlyDiscountPercent({ monthlyPrice, yearlyPrice })).toBe(percent);
  });

  it.each([
    ['widgetsbundle', 'Save up to 43%'],
    ['bracketsninja', 'Save up to 43%'],
    ['bundles', 'Save up to 20%'],
    ['per-app', 'Save up to 20%'],
    ['minibundles', 'Save 50%'],
  ] as const)('the %s view badge reads %s', (view, badge) => {
    expect(saveBadge(view)).toBe(badge);
  });

  it('prices a mini-bundle at 15 an app, 7.5 after the 50% bundle discount, and 20% less again on the year', () => {
    expect(MINI_BUNDLE.defaultLimit).toBe(3);
    expect(miniBundlePrice(1)).toEqual({ listPrice: 15, monthly: 7.5, yearly: 72, yearlyPerMonth: 6 });
    expect(miniBundlePrice(3)).toEqual({ listPrice: 45, monthly: 22.5, yearly: 216, yearlyPerMonth: 18 });
    expect(miniBundlePrice(5)).toEqual({ listPrice: 75, monthly: 37.5, yearly: 360, yearlyPerMonth: 30 });
  });

  it.each([
    [300, '300'],
    [1500, '1.5K'],
    [2_500_000, '2.5M'],
    [10_000_000, '10M'],
    [10_000_001, 'Unlimited'],
    [2e9, 'Unlimited'],
  ])('%d views a month read %s', (views, label) => {
    expect(formatViews(views)).toBe(label);
  });

  it('offers 1, 2, 3, 5, 10, 25, 50, 100, 250, 1000 widgets with 5 picked first', () => {
    expect(WIDGET_COUNT_OPTIONS).toEqual([1, 2, 3, 5, 10, 25, 50, 100, 250, 1000]);
    expect(DEFAULT_WIDGET_COUNT).toBe(5);
  });

  it.each([[0, 'month'], [1, 'year'], [2, 'month'], [3, 'year']] as const)('variant index %d is the %s variant', (index, period) => {
    expect(periodOfVariantIndex(index)).toBe(period);
  });

  it.each([
    { variantIds: ['m', 'y'], currentVariantId: 'm', index: 0 },
    { variantIds: ['m', 'y'], currentVariantId: undefined, index: 1 },
    { variantIds: ['m', 'y'], currentVariantId: 'gone', index: 1 },
    { variantIds: ['m'], currentVariantId: undefined, index: 0 },
  ])('opens on variant $index for current $currentVariantId', ({ variantIds, currentVariantId, index }) => {
    expect(defaultVariantIndex({ variantIds, currentVariantId })).toBe(index);
  });
});
