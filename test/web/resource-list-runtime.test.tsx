/** @jest-environment ./test/web/jsdom-environment.ts */
// ResourceList on a schema known only at run time (a user's collection): columns and formats
// from the collection's fields, a page answered as `items`, the generated document form, and
// Duplicate opening that form filled with the row.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ResourceList } from '../../web/src/components/resource/ResourceList';
import { defineResource } from '../../forms/resource/description';
import { documentForm } from '../../forms/database/document-form';
import type { DocumentValues } from '../../forms/database/document-form';
import { documentSchema } from '../../rules/database-fields';
import type { DatabaseField } from '../../rules/database-fields';
import { DbDocumentInputSchema } from '../../generated/schemas/DbDocumentInput';
import { runtimeEntry } from '../../forms/schemas';

const attributes: DatabaseField[] = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true } },
  { name: 'unitPrice', displayName: 'Unit price', type: 'number' },
  { name: 'size', displayName: 'Size', type: 'enumeration', validation: { enum: ['small', 'large'] } },
  { name: 'releasedOn', displayName: 'Released on', type: 'date' },
];

const lamp = { _id: 'd1', _created: '2026-03-05T10:00:00.000Z', _updated: '2026-03-05T10:00:00.000Z', title: 'Lamp', unitPrice: 1234.5, size: 'large', releasedOn: '2026-01-31' };

type Path = { appId: string; name: string };

function setup() {
  const list = jest.fn(async (_args: { path: Path }) => ({ data: { success: true, message: '', data: { items: [lamp], page: 1, pages: 1, total: 1 } } }));
  const create = jest.fn(async (_args: { path: Path; body: DocumentValues }) => ({ data: { success: true, message: 'Document created successfully', data: lamp } }));
  const description = defineResource({
    schema: runtimeEntry({ name: 'DbDocument', schema: documentSchema({ attributes, mode: 'read' }) }),
    form: documentForm<DocumentValues>(attributes),
    idField: '_id',
    idParam: 'docId',
    list: { operationId: 'listDocumentsForTest', call: list, queryKey: ({ path }: { path: Path }) => [{ _id: 'listDocumentsForTest', path }] },
    create: { operationId: 'createDocumentForTest', call: create, body: DbDocumentInputSchema },
    columns: ['title', 'unitPrice', 'size', 'releasedOn', '_created'],
    rowActions: [{ id: 'duplicate', label: 'Duplicate' }],
    texts: { title: 'Documents', subtitle: { one: '{n} Document found', other: '{n} Documents found' }, createTitle: 'New document' },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ResourceList description={description} path={{ appId: 'a1', name: 'products' }} />
    </QueryClientProvider>,
  );
  return { create, user: userEvent.setup() };
}

describe('ResourceList on a run-time schema', () => {
  it('shows the fields as columns with their display names and formats', async () => {
    setup();
    expect(await screen.findByText('1 Document found')).toBeTruthy();
    for (const header of ['Title', 'Unit price', 'Size', 'Released on', 'Created']) expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(await screen.findByText('1,234.5')).toBeTruthy();
    expect(screen.getByText('01/31/2026')).toBeTruthy();
    expect(screen.getByText('03/05/2026')).toBeTruthy();
  });

  it('duplicates a row through the form generated from the fields', async () => {
    const { create, user } = setup();
    await screen.findByText('Lamp');
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New document' });
    const title = within(dialog).getByLabelText(/Title/) as HTMLInputElement;
    expect(title.value).toBe('Lamp');
    await user.clear(title);
    await user.type(title, 'Lamp copy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({
      path: { appId: 'a1', name: 'products' },
      body: { title: 'Lamp copy', unitPrice: 1234.5, size: 'large', releasedOn: '2026-01-31' },
    }));
  });
});
