/** @jest-environment ./test/web/jsdom-environment.ts */
// ResourceList on a list with its own query arguments (the widgets' `search`): the search box
// sends them through list.params, and renderCells draws a cell the screen owns; a `sortable`
// one (the collaborator lists) gets the sort too, a renamed column sent as its server field.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ResourceList } from '../../web/src/components/resource/ResourceList';
import { defineResource } from '../../forms/resource/description';
import type { WidgetPermission, WidgetRow } from '../../generated/client/types.gen';
import { collaboratorListParams } from '../../web/src/pages/workspace/collaborator-list';
import { WidgetSchema } from '../../generated/schemas/Widget';
import { WidgetPermissionSchema } from '../../generated/schemas/WidgetPermission';

const widget = (name: string, views: number): WidgetRow => ({
  guid: name, name, type: 'poll', projectId: 'p1', views, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z',
  app: 'Poll', slug: 'poll', permissions: [], overViewLimit: views >= 300, refusedEvents: 0, role: 'owner',
});

describe('a list with its own query arguments', () => {
  it('sends the search as the operation argument and draws the screen cells', async () => {
    const list = jest.fn(async (args: { path: { projectId: string }; query?: { page?: number; limit?: number; search?: string } }) => {
      const rows = [widget('Spring poll', 400), widget('Summer poll', 5)].filter((row) => !args.query?.search || row.name.toLowerCase().includes(args.query.search));
      return { data: { success: true, message: '', data: { docs: rows, total: rows.length } } };
    });
    const description = defineResource({
      schema: WidgetSchema,
      idField: 'guid',
      list: {
        operationId: 'listWidgetsForTest',
        call: list,
        queryKey: ({ path }: { path: { projectId: string } }) => [{ _id: 'listWidgetsForTest', path }],
        params: ({ page, limit, search }) => ({ page, limit, ...(search ? { search } : {}) }),
      },
      columns: ['name', 'views'],
      search: { field: 'name' },
      pageSize: 10,
      texts: { title: 'Widgets' },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ResourceList description={description} path={{ projectId: 'p1' }} renderCells={{ views: (row) => <b>{row.overViewLimit ? 'over' : 'fine'}</b> }} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('over')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ path: { projectId: 'p1' }, query: { page: 1, limit: 10 } });
    await userEvent.setup().type(screen.getByPlaceholderText('Search by Name'), 'summer');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ path: { projectId: 'p1' }, query: { page: 1, limit: 10, search: 'summer' } }));
    expect(await screen.findByText('fine')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('over')).toBeNull());
  });

  it.each([
    [true, { page: 1, limit: 5, sort: '{"email":1}' }],
    [false, { page: 1, limit: 5 }],
  ])('with sortable %s sends the sort of the Email column as email', async (sortable, query) => {
    const row: WidgetPermission = { guid: 'g1', permissionId: 'p1', role: 'viewer', status: 'pending', userDetails: { email: 'ann@example.com' } };
    const list = jest.fn(async (_args: { path: { guid: string }; query?: { page?: number; limit?: number; search?: string; sort?: string } }) => ({
      data: { success: true, message: '', data: { docs: [row], total: 1 } },
    }));
    const description = defineResource({
      schema: WidgetPermissionSchema,
      idField: 'permissionId',
      list: {
        operationId: 'listCollaboratorsForTest',
        call: list,
        queryKey: ({ path }: { path: { guid: string } }) => [{ _id: 'listCollaboratorsForTest', path, sortable }],
        params: collaboratorListParams({ userDetails: 'email' }),
        sortable,
      },
      columns: [{ field: 'userDetails', header: 'Email' }, 'role'],
      cells: { userDetails: (r: WidgetPermission) => r.userDetails.email },
      sort: { field: 'userDetails', direction: 'asc' },
      search: { field: 'userDetails' },
      pageSize: 5,
      texts: { title: 'Collaborators' },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ResourceList description={description} path={{ guid: 'g1' }} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ path: { guid: 'g1' }, query });
    await userEvent.setup().type(screen.getByPlaceholderText('Search by Email'), 'ann');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ path: { guid: 'g1' }, query: { ...query, search: 'ann' } }));
  });
});
