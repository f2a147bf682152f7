import { checkCoupon, couponFormSchema, deriveCoupon, newCoupon, planChoices, randomCouponCode } from '../../../web/src/pages/developer/payments/lib/coupon-form';
import type { Plan } from '../../../generated/client/types.gen';

describe('coupon popup', () => {
  it('proposes 8 random letters and digits as the code', () => {
    const codes = Array.from({ length: 20 }, () => randomCouponCode());
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(new Set(codes).size).toBeGreaterThan(15);
  });

  it('starts at percentage 20, 5 uses, forever, on the first platform', () => {
    expect(newCoupon({ platform: 'stripe', code: 'ABCD1234' })).toEqual(expect.objectContaining({
      platform: 'stripe', platformCouponCode: 'ABCD1234', discountType: 'percentage', discountAmount: 20, maxRedemptions: 5, durationType: 'forever', appliesTo: [],
    }));
  });

  it('offers only the given platforms and the plans connected there', () => {
    const schema = couponFormSchema({ platforms: ['stripe'], choices: [{ id: 'price_1' }, { id: 'price_2' }], values: { durationType: 'forever' } }) as unknown as {
      properties: Record<string, { enum?: string[]; items?: { enum?: string[] } }>;
    };
    expect(schema.properties.platform.enum).toEqual(['stripe']);
    expect(schema.properties.appliesTo.items?.enum).toEqual(['price_1', 'price_2']);
    expect(schema.properties.durationAmountInMonths).toBeUndefined();
  });

  it('names each choice by its plan and price', () => {
    const plan = { planId: 'p1', name: 'Pro', pricingVariants: [{ id: 'v1', name: 'Monthly' }] } as Plan;
    expect(planChoices({ plans: [plan], connections: [{ platform: 'stripe', planId: 'p1', planPricingVariantId: 'v1', platformPlanId: 'price_1' }] })).toEqual([{ id: 'price_1', label: 'Pro · Monthly' }]);
  });

  it('clears the chosen plans when the platform changes', () => {
    expect(deriveCoupon({ platform: 'paddle', appliesTo: ['price_1'] }, { platform: 'stripe', appliesTo: ['price_1'] }).appliesTo).toEqual([]);
    expect(deriveCoupon({ platform: 'stripe', appliesTo: ['price_1'] }, { platform: 'stripe', appliesTo: [] }).appliesTo).toEqual(['price_1']);
  });

  it('asks for at least one plan', () => {
    const added: Record<string, string[]> = {};
    const node = (key: string) => ({ addError: (message: string) => (added[key] = [...(added[key] ?? []), message]) });
    const errors = Object.fromEntries(['couponName', 'platformCouponCode', 'platform', 'expires', 'appliesTo', 'discountAmount'].map((k) => [k, node(k)]));
    checkCoupon({ ...newCoupon({ platform: 'stripe', code: 'ABCD1234' }), couponName: 'Spring', expires: '2027-01-01T00:00:00.000Z' }, errors as never);
    expect(added).toEqual({ appliesTo: ['Please connect at least one plan to the coupon'] });
  });
});
