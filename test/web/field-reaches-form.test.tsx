/** @jest-environment ./test/web/jsdom-environment.ts */
// The design's promise, on screen: a property added to the document shows in the form drawn
// from its schema, with the title and choices the document gives it, and is sent on submit.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../forms/SchemaForm';
import type { JsonSchema } from '../../forms/schemas';
import { companySize, documentWithField } from '../fixtures/document-with-field';
import { DeveloperDetailsInputSchema } from '../../generated/schemas/DeveloperDetailsInput';

const schemas = (documentWithField(companySize).components as { schemas: Record<string, JsonSchema> }).schemas;

it('renders an added enum property as a choice and submits the chosen value', async () => {
  const onSubmit = jest.fn(async () => ({}));
  render(
    <SchemaForm
      entry={DeveloperDetailsInputSchema}
      schema={schemas.DeveloperDetailsInput}
      definitions={schemas}
      formData={{ name: 'Ada Labs', email: 'ada@example.com' }}
      submitText="Save"
      onSubmit={onSubmit}
    />,
  );
  const field = screen.getByRole('combobox', { name: 'Team size' });
  expect(within(field).getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(companySize.property.enum));
  const user = userEvent.setup();
  await user.selectOptions(field, '51-200');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0]).toEqual([expect.objectContaining({ companySize: '51-200' })]);
});
