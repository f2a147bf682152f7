/** @jest-environment ./test/web/jsdom-environment.ts */
// The document form's relation picker: the target collection's documents, found by its first text
// field and shown by it, through the generated client; the chosen document's id is what is sent.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SchemaForm } from '../../forms/SchemaForm';
import type { JsonSchema } from '../../forms/schemas';
import { documentForm } from '../../forms/database/document-form';
import type { DocumentValues } from '../../forms/database/document-form';
import type { DatabaseField } from '../../rules/database-fields';
import * as sdk from '../../generated/client/sdk.gen';
import { runtimeEntry } from '../../forms/schemas';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  getCollectionSchema: jest.fn(),
  listDocuments: jest.fn(),
  getDocument: jest.fn(),
}));

const PRODUCTS = [
  { _id: 'p1', _created: '2026-01-01T00:00:00.000Z', _updated: '2026-01-01T00:00:00.000Z', sku: 'L-1', title: 'Desk lamp' },
  { _id: 'p2', _created: '2026-01-02T00:00:00.000Z', _updated: '2026-01-02T00:00:00.000Z', sku: 'C-1', title: 'Chair' },
  { _id: 'p3', _created: '2026-01-03T00:00:00.000Z', _updated: '2026-01-03T00:00:00.000Z', sku: 'T-1', title: 'Table' },
];

const envelope = (data: unknown) => ({ data: { success: true, message: '', data } });

beforeEach(() => {
  jest.mocked(sdk.getCollectionSchema).mockImplementation((async () =>
    envelope({ appId: 'a1', collectionName: 'products', displayName: 'Products', attributes: [{ name: 'sku', displayName: 'SKU', type: 'uid' }, { name: 'title', displayName: 'Title', type: 'text' }] })) as never);
  jest.mocked(sdk.listDocuments).mockImplementation((async ({ query }: { query?: { query?: string } }) => {
    const filter = query?.query ? (JSON.parse(query.query) as { title: { $regex: string } }) : undefined;
    const items = PRODUCTS.filter((doc) => !filter || new RegExp(filter.title.$regex, 'i').test(doc.title)).slice(0, 2);
    return envelope({ items, page: 1, pages: 1, total: items.length });
  }) as never);
  jest.mocked(sdk.getDocument).mockImplementation((async ({ path }: { path: { docId: string } }) => envelope(PRODUCTS.find((doc) => doc._id === path.docId))) as never);
});

const attributes: DatabaseField[] = [
  { name: 'product', displayName: 'Product', type: 'relation', relation: 'products', validation: { required: true } },
  { name: 'rating', displayName: 'Rating', type: 'number' },
];

function renderForm({ row }: { row?: DocumentValues } = {}) {
  const form = documentForm<DocumentValues>(attributes, { appId: 'a1' });
  const state = { rows: [], data: undefined, draft: {}, row };
  const onSubmit = jest.fn(async () => ({}));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SchemaForm<DocumentValues> entry={runtimeEntry({ name: "RelationTest", schema: form.schema?.(state) as JsonSchema })} uiSchema={form.uiSchema?.(state)} formData={row} submitText="Save" onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const optionLabels = () => within(screen.getByRole('combobox', { name: 'Product' })).getAllByRole('option').map((option) => option.textContent);

describe('the relation picker of the document form', () => {
  it('searches the target by its first text field and sends the chosen document id', async () => {
    const { onSubmit, user } = renderForm();
    await waitFor(() => expect(optionLabels()).toEqual(['Choose a document (2 found)', 'Desk lamp', 'Chair']));
    await user.type(screen.getByRole('searchbox', { name: 'Search Product' }), 'tab');
    await waitFor(() => expect(optionLabels()).toEqual(['Choose a document (1 found)', 'Table']));
    expect(sdk.listDocuments).toHaveBeenLastCalledWith(expect.objectContaining({ path: { appId: 'a1', name: 'products' }, query: { limit: 20, query: '{"title":{"$regex":"tab","$options":"i"}}' } }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product' }), 'Table');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ product: 'p3' })));
  });

  it('names the stored document of an update by its label, even when the first results miss it', async () => {
    renderForm({ row: { _id: 'r1', product: 'p3', rating: 4 } });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Product' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Table'));
    expect(sdk.getDocument).toHaveBeenCalledWith(expect.objectContaining({ path: { appId: 'a1', name: 'products', docId: 'p3' } }));
  });

  it('escapes what is typed, so a search is never a pattern', async () => {
    const { user } = renderForm();
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search Product' })).not.toHaveProperty('disabled', true));
    await user.type(screen.getByRole('searchbox', { name: 'Search Product' }), 'a.b');
    await waitFor(() => expect(sdk.listDocuments).toHaveBeenLastCalledWith(expect.objectContaining({ query: { limit: 20, query: '{"title":{"$regex":"a\\\\.b","$options":"i"}}' } })));
  });
});
