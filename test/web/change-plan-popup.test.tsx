/** @jest-environment ./test/web/jsdom-environment.ts */
// The change-plan popup's form opens on the subscription's plan and the pricing variant it pays.
import { render, screen } from '@testing-library/react';
import type { Plan } from '../../generated/client/types.gen';
import { ResourceFormPopup } from '../../web/src/components/resource/ResourceFormPopup';
import { changePlanSchema, currentPlan, followPlan } from '../../web/src/pages/developer/users/action-forms';
import type { ChangePlanForm } from '../../web/src/pages/developer/users/action-forms';
import { ChangeSubscriptionInputSchema } from '../../generated/schemas/ChangeSubscriptionInput';

const plans = [
  { planId: 'demo-pro', name: 'Pro', currency: 'usd', pricingVariants: [{ id: 'pro-m', name: 'Monthly', priceCount: 19.99, pricePeriod: 'month', pricePeriodCount: 1 }, { id: 'pro-y', name: 'Yearly', priceCount: 199, pricePeriod: 'year', pricePeriodCount: 1 }] },
  { planId: 'demo-business', name: 'Business', currency: 'usd', pricingVariants: [{ id: 'biz-m', name: 'Monthly', priceCount: 49, pricePeriod: 'month', pricePeriodCount: 1 }] },
] as unknown as Plan[];

describe('change plan popup', () => {
  it.each([
    ['the variant it names', 'pro-y', 'Yearly: $199.00 / year'],
    ['the first recurring variant when it names none', undefined, 'Monthly: $19.99 / month'],
  ])('opens on the subscription plan and %s', (_case, planPricingVariantId, shown) => {
    render(
      <ResourceFormPopup<ChangePlanForm>
        open
        title="Change plan"
        entry={ChangeSubscriptionInputSchema}
        schema={changePlanSchema({ plans, planId: 'demo-pro' })}
        formData={currentPlan({ plans, subscription: { planId: 'demo-pro', planPricingVariantId } })}
        derive={followPlan({ plans })}
        submitText="Change plan"
        onSubmit={jest.fn(async () => ({}))}
        onClose={jest.fn()}
      />,
    );
    const plan = screen.getByLabelText('Plan', { exact: false, selector: 'select' }) as HTMLSelectElement;
    const variant = screen.getByLabelText('Pricing variant', { exact: false, selector: 'select' }) as HTMLSelectElement;
    expect(plan.selectedOptions[0]?.textContent).toBe('Pro');
    expect(variant.selectedOptions[0]?.textContent).toBe(shown);
  });
});
