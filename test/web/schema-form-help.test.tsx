/** @jest-environment ./test/web/jsdom-environment.ts */
// Help text on a form comes from its uiSchema: the OpenAPI descriptions of the generated schemas
// (server rules, written for the API document) never reach a screen.
import { render, screen } from '@testing-library/react';
import { SchemaForm } from '../../forms/SchemaForm';
import { entryNamed } from '../helpers/schema-entries';

const renderForm = ({ schemaName, uiSchema }: { schemaName: string; uiSchema?: Record<string, unknown> }) =>
  render(<SchemaForm<Record<string, unknown>> entry={entryNamed(schemaName)} uiSchema={uiSchema} submitText="Save" onSubmit={jest.fn(async () => ({}))} />);

describe('SchemaForm help text', () => {
  it.each([
    ['AppUserInput', /accountName is needed/],
    ['NoteInput', /title is needed/],
    ['CouponInput', /What buyers type; read-only after creation/],
  ])('shows no OpenAPI description of %s', (schemaName, apiText) => {
    const { container } = renderForm({ schemaName });
    expect(container.textContent).not.toMatch(apiText);
  });

  it('keeps a property named description as a field', () => {
    renderForm({ schemaName: 'NoteInput' });
    expect(screen.getByLabelText('Description', { exact: false })).toBeTruthy();
  });

  it('shows the help the uiSchema gives', () => {
    const { container } = renderForm({ schemaName: 'NoteInput', uiSchema: { title: { 'ui:description': 'A short heading.', 'ui:help': 'Seen by your team only.' } } });
    expect(container.textContent).toContain('A short heading.');
    expect(container.textContent).toContain('Seen by your team only.');
  });
});
