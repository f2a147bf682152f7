/** @jest-environment ./test/web/jsdom-environment.ts */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../forms/SchemaForm';
import { checkFeature, deriveFeature, featureFormSchema, newFeature } from '../../../web/src/pages/developer/payments/lib/feature-form';
import type { FeatureForm } from '../../../web/src/pages/developer/payments/lib/feature-form';
import { FeatureInputSchema } from '../../../generated/schemas/FeatureInput';

const existing = [{ displayName: 'Max products', name: 'maxProducts', type: 'number' as const }];

function renderFeatureForm(onSubmit = jest.fn(async () => ({}))) {
  render(
    <SchemaForm<FeatureForm>
      entry={FeatureInputSchema}
      schema={featureFormSchema('boolean')}
      formData={newFeature()}
      derive={deriveFeature}
      customValidate={checkFeature(existing)}
      submitText="Save"
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('feature popup form', () => {
  it('fills the name in camel case as the display name is typed', async () => {
    const { user } = renderFeatureForm();
    await user.type(input('Display name'), 'Remove branding!');
    expect(input('Name').value).toBe('removeBranding');
  });

  it('keeps a name the developer typed when the display name changes afterwards', async () => {
    const { user } = renderFeatureForm();
    await user.type(input('Display name'), 'Seats');
    await user.clear(input('Name'));
    await user.type(input('Name'), 'teamSeats');
    await user.type(input('Display name'), ' included');
    expect(input('Name').value).toBe('teamSeats');
  });

  it('says a name taken by another feature must be unique, and sends nothing', async () => {
    const { user, onSubmit } = renderFeatureForm();
    await user.type(input('Display name'), 'Max products');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature names must be unique')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a hand-typed name must be camel case', async () => {
    const { user } = renderFeatureForm();
    await user.type(input('Display name'), 'Storage');
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Storage_GB');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be camel case')).toBeTruthy();
  });

  it('sends the derived name with the display name', async () => {
    const { user, onSubmit } = renderFeatureForm();
    await user.type(input('Display name'), 'Priority support');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ displayName: 'Priority support', name: 'prioritySupport', type: 'boolean' })));
  });
});

describe('deriveFeature', () => {
  const base = { displayName: 'Seats', name: 'seats', description: '' };
  it.each([
    ['boolean', 'number', true, 0],
    ['number', 'string', 12, ''],
    ['string', 'boolean', 'gold', false],
  ] as const)('starts the default value over when the type goes from %s to %s', (from, to, value, reset) => {
    expect(deriveFeature({ ...base, type: to, value }, { ...base, type: from, value }).value).toBe(reset);
  });

  it('keeps the value while the type stays', () => {
    expect(deriveFeature({ ...base, type: 'number', value: 12 }, { ...base, type: 'number', value: 11 }).value).toBe(12);
  });
});

describe('number feature default', () => {
  it('refuses a negative default in the words the server uses', async () => {
    const onSubmit = jest.fn(async () => ({}));
    render(
      <SchemaForm<FeatureForm>
        entry={FeatureInputSchema}
        schema={featureFormSchema('number')}
        formData={{ ...newFeature(), displayName: 'Seats', name: 'seats', type: 'number', value: -1 }}
        customValidate={checkFeature([])}
        submitText="Save"
        onSubmit={onSubmit}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Default value must be equal or greater than 0')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
