/** @jest-environment ./test/web/jsdom-environment.ts */
// The checkout's billing form as the checkout renders it: State is required (spec 002 section 5),
// marked so, and a form without it is never sent.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingForm } from '../../../generated/client/types.gen';
import { SchemaForm } from '../../../forms/SchemaForm';
import { billingFormSchema, billingFormUiSchema, validateBillingForm } from '../../../web/src/pages/billing/checkout/billing-form';
import { BillingFormSchema } from '../../../generated/schemas/BillingForm';

const FILLED: Partial<BillingForm> = { name: 'Ada Buyer', country: 'GB', city: 'London', zip: 'W1A 1AA', address: '12 Baker Street' };

function renderForm(formData: Partial<BillingForm>) {
  const onSubmit = jest.fn(async () => ({}));
  render(<SchemaForm<BillingForm> entry={BillingFormSchema} schema={billingFormSchema} uiSchema={billingFormUiSchema} customValidate={validateBillingForm} formData={formData} submitText="Pay" onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('the billing form', () => {
  it('marks State as required like the other required fields', () => {
    renderForm(FILLED);
    const state = screen.getByLabelText(/^State/);
    expect(state).toHaveProperty('required', true);
    expect(screen.getByLabelText(/^City/)).toHaveProperty('required', true);
  });

  it('refuses a form without a state with the required message and sends nothing', async () => {
    const { onSubmit, user } = renderForm(FILLED);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('State is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the form once a state is typed', async () => {
    const { onSubmit, user } = renderForm(FILLED);
    await user.type(screen.getByLabelText(/^State/), 'Greater London');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ state: 'Greater London' }));
  });
});
