// The app user action forms: refund full or partial (amount only when partial, bounded by what
// is refundable), and the change-plan choices from the app's plans.
import { changePlanSchema, followPlan, refundBody, refundSchema } from '../../web/src/pages/developer/users/action-forms';
import type { Plan } from '../../generated/client/types.gen';

type Choices = { oneOf: Array<{ const: string; title: string }> };
const propertiesOf = (schema: unknown) => (schema as { properties: Record<string, Choices & { maximum?: number }> }).properties;

describe('refund form', () => {
  it.each([
    [{ mode: 'full' as const, refundAmount: 5, cancelUserSubscription: true }, { platform: 'stripe', cancelUserSubscription: true }],
    [{ mode: 'partial' as const, refundAmount: 5 }, { platform: 'stripe', cancelUserSubscription: false, refundAmount: 5 }],
  ])('sends %j as %j', (form, body) => {
    expect(refundBody({ form, platform: 'stripe' })).toEqual(body);
  });

  it('offers full (with the refundable amount) or partial, up to what is refundable', () => {
    const properties = propertiesOf(refundSchema({ charge: { refundableAmount: 19.5, currency: 'USD' } }));
    expect(properties.mode.oneOf.map((choice) => choice.title)).toEqual(['Full refund ($19.50)', 'Partial refund']);
    expect(properties.refundAmount.maximum).toBe(19.5);
  });
});

describe('change plan form', () => {
  const plans = [
    { planId: 'basic', name: 'Basic', currency: 'USD', pricingVariants: [{ id: 'm', name: 'Monthly', priceCount: 9, pricePeriod: 'month', pricePeriodCount: 1 }, { id: 'q', name: 'Quarterly', priceCount: 25, pricePeriod: 'month', pricePeriodCount: 3 }] },
    { planId: 'free', name: 'Free', currency: 'USD', pricingVariants: [] },
  ] as unknown as Plan[];

  it('lists the plans, and the chosen plan\'s pricing variants with their prices', () => {
    const properties = propertiesOf(changePlanSchema({ plans, planId: 'basic' }));
    expect(properties.planId.oneOf).toEqual([{ const: 'basic', title: 'Basic' }, { const: 'free', title: 'Free' }]);
    expect(properties.planPricingVariantId.oneOf.map((choice) => choice.title)).toEqual(['Monthly: $9.00 / month', 'Quarterly: $25.00 / 3 months']);
  });

  it('moves to the first pricing variant of a newly chosen plan, and keeps a variant chosen within the plan', () => {
    const follow = followPlan({ plans });
    expect(follow({ planId: 'basic', planPricingVariantId: 'x' }, { planId: 'free' })).toEqual({ planId: 'basic', planPricingVariantId: 'm' });
    expect(follow({ planId: 'free', planPricingVariantId: 'm' }, { planId: 'basic', planPricingVariantId: 'm' })).toEqual({ planId: 'free' });
    expect(follow({ planId: 'basic', planPricingVariantId: 'q' }, { planId: 'basic', planPricingVariantId: 'm' })).toEqual({ planId: 'basic', planPricingVariantId: 'q' });
  });

  it('asks no variant for a plan without prices', () => {
    expect(propertiesOf(changePlanSchema({ plans, planId: 'free' })).planPricingVariantId).toBeUndefined();
  });
});
