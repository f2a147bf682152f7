/** @jest-environment ./test/web/jsdom-environment.ts */
// The collection's Settings tab: the API access form shows the allowed origins next to the read
// and write rules (the form comes from the DataCollectionAccess schema) and saves them.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AccessRules } from '../../web/src/pages/developer/database/settings/AccessRules';
import { getCollectionAccess, setCollectionAccess } from '../../generated/client/sdk.gen';
import type { DataCollectionAccess } from '../../generated/client/types.gen';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  getCollectionAccess: jest.fn(),
  setCollectionAccess: jest.fn(),
}));

const stored: DataCollectionAccess = {
  read: 'public',
  write: 'owner',
  origins: ['https://shop.example'],
  rules: { list: { kind: 'anyone' }, view: { kind: 'anyone' }, create: { kind: 'locked' }, update: { kind: 'locked' }, delete: { kind: 'locked' } },
};

it('shows the allowed origins and saves an added one with the rules', async () => {
  jest.mocked(getCollectionAccess).mockImplementation((async () => ({ data: { success: true, message: '', data: stored } })) as unknown as typeof getCollectionAccess);
  jest.mocked(setCollectionAccess).mockImplementation((async ({ body }: { body: DataCollectionAccess }) => ({
    data: { success: true, message: 'Access rules updated successfully', data: body },
  })) as unknown as typeof setCollectionAccess);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AccessRules appId="app-1" name="products" />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  expect(await screen.findByText('Allowed origins', {}, { timeout: 4000 })).toBeTruthy();
  expect(screen.getByDisplayValue('https://shop.example')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: '+ Add origin' }));
  const inputs = screen.getAllByPlaceholderText('https://shop.example');
  await user.type(inputs[inputs.length - 1], 'http://localhost:5173');
  await user.click(screen.getByRole('button', { name: 'Save access' }));
  await waitFor(() => expect(setCollectionAccess).toHaveBeenCalled());
  expect(jest.mocked(setCollectionAccess).mock.calls[0][0]).toMatchObject({
    path: { appId: 'app-1', name: 'products' },
    body: { read: 'public', write: 'owner', origins: ['https://shop.example', 'http://localhost:5173'] },
  });
});
