/** @jest-environment ./test/web/jsdom-environment.ts */
// ResourceList from a description: headers and formats from the record schema, the subtitle,
// the JSON query sent to the list operation, and edit/delete refreshing the list.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ResourceList } from '../../web/src/components/resource/ResourceList';
import { defineResource } from '../../forms/resource/description';
import type { AppUser } from '../../generated/client/types.gen';
import { AppUserSchema } from '../../generated/schemas/AppUser';

const users: AppUser[] = [
  { id: 'u1', appId: 'a1', accountName: 'Ann Lee', accountEmail: 'ann@example.com', platform: 'wix', platformUserId: 'w-1', created: '2026-03-05T10:00:00.000Z', notes: [] },
  { id: 'u2', appId: 'a1', accountName: 'Bo Chen', accountEmail: 'bo@example.com', platform: 'duda', platformUserId: 'd-2', created: '2025-12-31T23:59:00.000Z', notes: [] },
];

type ListArgs = { path: { appId: string }; query?: { page?: number; limit?: number; query?: string; sort?: string } };

function setup() {
  const list = jest.fn(async (_args: ListArgs) => ({ data: { success: true, message: '', data: { docs: users, total: 134 } } }));
  const remove = jest.fn(async (_args: { path: { appId: string; userId: string } }) => ({ data: { success: true, message: 'User deleted' } }));
  const description = defineResource({
    schema: AppUserSchema,
    idParam: 'userId',
    list: { operationId: 'listUsersForTest', call: list, queryKey: ({ path }: { path: { appId: string } }) => [{ _id: 'listUsersForTest', path }] },
    delete: { operationId: 'deleteUserForTest', call: remove },
    columns: ['accountName', 'accountEmail', 'platform', 'platformUserId', 'created'],
    sort: { field: 'created', direction: 'desc' },
    pageSize: 20,
    search: { field: 'accountEmail', choices: [{ field: 'id', exact: true }] },
    texts: { title: 'Users', subtitle: { one: '{n} User found', other: '{n} Users found' }, deleted: 'User deleted' },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ResourceList description={description} path={{ appId: 'a1' }} />
    </QueryClientProvider>,
  );
  return { list, remove, user: userEvent.setup() };
}

const lastArgs = (mock: jest.Mock) => mock.mock.calls[mock.mock.calls.length - 1][0] as ListArgs;

describe('ResourceList', () => {
  it('asks for the first page sorted as described and shows the schema titles and formats', async () => {
    const { list } = setup();
    expect(await screen.findByText('134 Users found')).toBeTruthy();
    expect(lastArgs(list)).toEqual({ path: { appId: 'a1' }, query: { page: 1, limit: 20, sort: '{"created":-1}' } });
    for (const header of ['Name', 'Email', 'Platform', 'Platform User ID', 'Joined']) expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(await screen.findByText('03/05/2026')).toBeTruthy();
    expect(screen.getByText('12/31/2025')).toBeTruthy();
  });

  it('searches the chosen column: a case-insensitive regex, or the id exactly', async () => {
    const { list, user } = setup();
    await screen.findByText('134 Users found');
    await user.type(screen.getByRole('searchbox'), 'Ann.');
    await waitFor(() => expect(lastArgs(list).query?.query).toBe('{"accountEmail":{"$regex":"Ann\\\\.","$options":"i"}}'), { timeout: 2000 });
    await user.selectOptions(screen.getByLabelText('Search in'), 'id');
    await waitFor(() => expect(lastArgs(list).query?.query).toBe('{"id":"Ann."}'));
  });

  it('deletes a row after confirmation and reloads the list', async () => {
    const { list, remove, user } = setup();
    await screen.findByText('Ann Lee');
    const calls = list.mock.calls.length;
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ path: { appId: 'a1', userId: 'u1' } }));
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(calls));
  });
});
