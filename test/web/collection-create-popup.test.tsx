/** @jest-environment ./test/web/jsdom-environment.ts */
// The collections page follows the document: a property added to DbCollection is a line of each
// collection's card, and one added to the create body (DbCollectionInput) is a field of the Create
// Collection popup, sent in the body beside the name the path takes.
import { screen, waitFor, within } from '@testing-library/react';
import { CollectionCards } from '../../web/src/pages/developer/database/CollectionCards';
import { createCollection, getCollection, listCollections } from '../../generated/client/sdk.gen';
import { schemaNamed } from '../helpers/schema-entries';
import { inApp } from './in-app';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  createCollection: jest.fn(),
  getCollection: jest.fn(),
  listCollections: jest.fn(),
}));

const PROBE = { type: 'string', title: 'Probe note' } as const;
const PROBED = ['DbCollection', 'DbCollectionInput'];
const propertiesOf = (name: string) => schemaNamed(name).properties;

const products = { id: 'c1', appId: 'app-1', name: 'products', displayName: 'Products', attributes: [], documentCount: 3, created: '2026-11-28T10:00:00Z', updated: '2026-11-28T10:00:00Z', probeNote: 'card probe' };
const answer = (data: unknown, message = '') => async () => ({ data: { success: true, message, data } });

beforeAll(() => {
  for (const name of PROBED) propertiesOf(name).probeNote = PROBE;
});
afterAll(() => {
  for (const name of PROBED) delete propertiesOf(name).probeNote;
});

it("shows an added property on a collection's card, and the Create popup shows it and sends it in the body", async () => {
  jest.mocked(listCollections).mockImplementation(answer(['products']) as unknown as typeof listCollections);
  jest.mocked(getCollection).mockImplementation(answer(products) as unknown as typeof getCollection);
  jest.mocked(createCollection).mockImplementation(answer({ ...products, name: 'new-things' }, 'Collection new-things created successfully.') as unknown as typeof createCollection);
  // Any address: Create goes on to the new collection.
  const user = inApp(<CollectionCards appId="app-1" />, { path: '*' });
  expect(await screen.findByText('card probe', {}, { timeout: 4000 })).toBeTruthy();

  await user.click(screen.getByRole('button', { name: /Create Collection/ }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/^Collection name/), 'New Things');
  await user.type(within(dialog).getByLabelText(/^Probe note/), 'typed probe');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(createCollection).toHaveBeenCalledTimes(1));
  expect(jest.mocked(createCollection).mock.calls[0][0]).toEqual({ path: { appId: 'app-1', name: 'new-things' }, body: { probeNote: 'typed probe' } });
});
