/** @jest-environment ./test/web/jsdom-environment.ts */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../forms/SchemaForm';
import { ApiError } from '../../forms/server-errors';
import { showcaseDefinitions, showcaseSchema } from '../../forms/fixtures/showcase';
import type { ShowcaseData } from '../../forms/fixtures/showcase';
import { runtimeEntry } from '../../forms/schemas';

const valid: Partial<ShowcaseData> = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse battery', terms: true };

function renderForm({
  onSubmit = jest.fn(async () => ({})),
  formData = valid,
  submitText = 'Save',
  canSubmit,
}: {
  onSubmit?: jest.Mock;
  formData?: Partial<ShowcaseData>;
  submitText?: string;
  canSubmit?: (data: Partial<ShowcaseData>) => boolean;
} = {}) {
  render(
    <SchemaForm<ShowcaseData>
      entry={runtimeEntry({ name: 'Showcase', schema: showcaseSchema })}
      definitions={showcaseDefinitions}
      uiSchema={{ password: { 'ui:widget': 'password' }, avatar: { 'ui:widget': 'hidden' } }}
      formData={formData}
      submitText={submitText}
      canSubmit={canSubmit}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('SchemaForm', () => {
  it('renders the fields of a schema reached through #/components/schemas refs', () => {
    renderForm();
    expect(screen.getByLabelText('Street')).toBeTruthy();
    expect(screen.getByLabelText('City')).toBeTruthy();
  });

  it('enforces a JSON Schema 2020-12 keyword (dependentRequired) and shows it under the field', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Street'), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('words client-side errors like the server does', async () => {
    const { onSubmit, user } = renderForm({ formData: { ...valid, fullName: 'Al' } });
    await user.clear(screen.getByLabelText('Email', { exact: false, selector: 'input[type=email]' }));
    await user.type(screen.getByLabelText('Email', { exact: false, selector: 'input[type=email]' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Email must be a valid email')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the data when it is valid', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject(valid);
  });

  it('shows the server field errors under their fields, its message under the form, and keeps the input', async () => {
    const onSubmit = jest.fn(async () => {
      throw new ApiError({ message: 'Could not save', fieldErrors: { email: 'Email is already in use', 'address.city': 'Unknown city' } });
    });
    const { user } = renderForm({ onSubmit });
    await user.type(screen.getByLabelText('Street'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const emailError = await screen.findByText('Email is already in use');
    expect(emailError.closest('.sf-field')?.querySelector('input')?.id).toBe(screen.getByLabelText('Email', { exact: false, selector: 'input[type=email]' }).id);
    expect(screen.getByText('Unknown city').closest('.sf-field')?.querySelector('label')?.textContent).toBe('City');
    expect(screen.getByText('Could not save')).toBeTruthy();
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Atlantis');
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('1 Main St');
    expect((screen.getByLabelText('Full name', { exact: false }) as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  it('drops a server field error once the user edits that field', async () => {
    const onSubmit = jest.fn(async () => {
      throw new ApiError({ message: 'Could not save', fieldErrors: { email: 'Email is already in use', fullName: 'Name is taken' } });
    });
    const { user } = renderForm({ onSubmit });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Email is already in use');
    await user.type(screen.getByLabelText('Email', { exact: false, selector: 'input[type=email]' }), 'x');
    expect(screen.queryByText('Email is already in use')).toBeNull();
    expect(screen.getByText('Name is taken')).toBeTruthy();
  });

  it('takes the message and field errors from a failed envelope thrown by a generated mutation', async () => {
    const onSubmit = jest.fn(async () => {
      throw { success: false, data: null, message: 'Email is invalid', fieldErrors: { email: 'Email is invalid' } };
    });
    const { user } = renderForm({ onSubmit });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Email is invalid')).toHaveLength(2);
  });

  it('keeps submit disabled while canSubmit says no', async () => {
    const { user } = renderForm({ submitText: 'Sign up', canSubmit: (data) => data.terms === true });
    const submit = screen.getByRole('button', { name: 'Sign up' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    expect(submit.disabled).toBe(true);
  });
});
