/** @jest-environment ./test/web/jsdom-environment.ts */
// The documents table's relation columns: the list asks for them expanded and each cell shows
// the related document's first text field, as the relation picker does, or the id the server
// left as it was (the related document is gone).
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getCollectionSchema, listDocuments } from '../../generated/client/sdk.gen';
import type { DatabaseField } from '../../rules/database-fields';
import { ResourceList } from '../../web/src/components/resource/ResourceList';
import { documentsResource } from '../../web/src/pages/developer/database/documents/documents-resource';
import { relationCells } from '../../web/src/pages/developer/database/documents/RelationCell';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listDocuments: jest.fn(),
  getCollectionSchema: jest.fn(),
}));

const attributes: DatabaseField[] = [
  { name: 'title', displayName: 'Title', type: 'text' },
  { name: 'maker', displayName: 'Maker', type: 'relation', relation: 'makers' },
];

const makersSchema = {
  appId: 'app-1',
  collectionName: 'makers',
  displayName: 'Makers',
  attributes: [
    { name: 'founded', displayName: 'Founded', type: 'number' },
    { name: 'name', displayName: 'Name', type: 'text' },
  ],
};

beforeEach(() => {
  jest.mocked(listDocuments).mockResolvedValue({
    data: {
      success: true,
      message: '',
      data: {
        items: [
          { _id: 'd1', _created: '2026-01-02T00:00:00.000Z', title: 'Lamp', maker: { _id: 'm1', founded: 1900, name: 'Acme' } },
          { _id: 'd2', _created: '2026-01-01T00:00:00.000Z', title: 'Desk', maker: 'm-gone' },
        ],
        page: 1,
        pages: 1,
        total: 2,
      },
    },
  } as never);
  jest.mocked(getCollectionSchema).mockResolvedValue({ data: { success: true, message: '', data: makersSchema } } as never);
});

it('asks for relations expanded and shows the related document by its first text field, else its id', async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ResourceList description={documentsResource({ appId: 'app-1', attributes })} path={{ appId: 'app-1', name: 'products' }} renderCells={relationCells({ appId: 'app-1', attributes })} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('Acme')).toBeTruthy();
  expect(screen.getByText('m-gone')).toBeTruthy();
  expect(screen.queryByText('m1')).toBeNull();
  expect(jest.mocked(listDocuments).mock.calls[0][0].query).toMatchObject({ expand: 'maker' });
  expect(jest.mocked(getCollectionSchema).mock.calls[0][0].path).toEqual({ appId: 'app-1', name: 'makers' });
});
