/** @jest-environment ./test/web/jsdom-environment.ts */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../forms/SchemaForm';
import type { JsonSchema } from '../../forms/schemas';
import { runtimeEntry } from '../../forms/schemas';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    password: { type: 'string', title: 'Password' },
    emailUpdates: { type: 'boolean', title: 'Email updates' },
  },
};
const uiSchema = { password: { 'ui:widget': 'passwordStrength' }, emailUpdates: { 'ui:widget': 'switch' } };

const renderForm = (onSubmit = jest.fn(async () => ({}))) => {
  render(<SchemaForm<{ password?: string; emailUpdates?: boolean }> entry={runtimeEntry({ name: 'WidgetTest', schema })} uiSchema={uiSchema} submitText="Save" onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
};

describe('form widgets', () => {
  it.each([
    ['a guessable password', 'password', 'Too weak'],
    ['a long passphrase', 'correct horse battery staple', 'Strong'],
  ])('rates %s on the strength meter', async (_case, password, label) => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Password'), password);
    await waitFor(() => expect(document.querySelector('.sf-meter__label')?.textContent).toBe(label), { timeout: 5000 });
  });

  it('sends the switch as a boolean', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('switch', { name: 'Email updates' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ emailUpdates: true })));
  });
});
