/** @jest-environment ./test/web/jsdom-environment.ts */
// The coupon popup's form as the coupons tab renders it: the schema, uiSchema and checks of
// coupon-form.ts in the product's SchemaForm.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CouponInput } from '../../../generated/client/types.gen';
import { SchemaForm } from '../../../forms/SchemaForm';
import { checkCoupon, couponFormSchema, couponFormUiSchema, newCoupon } from '../../../web/src/pages/developer/payments/lib/coupon-form';
import { CouponInputSchema } from '../../../generated/schemas/CouponInput';

function renderPopup() {
  const onSubmit = jest.fn(async () => ({}));
  const choices = [{ id: 'price_1', label: 'Pro · Monthly' }];
  render(
    <SchemaForm<CouponInput>
      entry={CouponInputSchema}
      schema={couponFormSchema({ platforms: ['stripe'], choices, values: {} })}
      uiSchema={couponFormUiSchema({ platforms: ['stripe'], choices })}
      formData={{ ...newCoupon({ platform: 'stripe', code: 'ABCD1234' }), couponName: 'Spring', expires: '2027-01-01T00:00:00.000Z', appliesTo: ['price_1'] }}
      customValidate={checkCoupon}
      submitText="Create coupon"
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup(), code: screen.getByLabelText('Coupon code', { exact: false }) as HTMLInputElement };
}

describe('coupon popup', () => {
  it('says the code is required once the field is cleared', async () => {
    const { onSubmit, user, code } = renderPopup();
    await user.clear(code);
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon code is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stops the code at 20 characters', async () => {
    const { onSubmit, user, code } = renderPopup();
    await user.clear(code);
    await user.type(code, 'A'.repeat(21));
    expect(code.value).toBe('A'.repeat(20));
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });

  it('shows one message for a code that arrives too long', async () => {
    const errors: Record<string, string[]> = {};
    const node = (key: string) => ({ addError: (message: string) => (errors[key] = [...(errors[key] ?? []), message]) });
    const fields = Object.fromEntries(['couponName', 'platformCouponCode', 'platform', 'expires', 'appliesTo', 'discountAmount'].map((k) => [k, node(k)]));
    checkCoupon({ ...newCoupon({ platform: 'stripe', code: 'A'.repeat(21) }), couponName: 'Spring', expires: '2027-01-01T00:00:00.000Z', appliesTo: ['price_1'] }, fields as never);
    expect(errors).toEqual({});
  });
});
