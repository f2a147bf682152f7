/** @jest-environment ./test/web/jsdom-environment.ts */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DataTable } from '../../web/src/components/data-table/DataTable';
import type { TableQuery } from '../../web/src/components/data-table/DataTable';

type Row = { id: string; name: string };
const rows: Row[] = Array.from({ length: 25 }, (_, index) => ({ id: String(index + 1), name: `Widget ${index + 1}` }));

function renderTable(fetch: jest.Mock, { fakeTimers = false } = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DataTable<Row> queryKey={['rows']} fetch={fetch} columns={[{ field: 'name', headerName: 'Name' }]} getRowId={(row) => row.id} emptyText="No widgets yet" />
    </QueryClientProvider>,
  );
  return userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
}

const serve = () =>
  jest.fn(async ({ page, limit, search }: TableQuery) => {
    const matching = rows.filter((row) => row.name.toLowerCase().includes(search.toLowerCase()));
    return { docs: matching.slice((page - 1) * limit, page * limit), total: matching.length };
  });

const lastQuery = (fetch: jest.Mock): TableQuery => fetch.mock.calls[fetch.mock.calls.length - 1][0];

describe('DataTable', () => {
  it('asks the server for the first page and shows the range', async () => {
    const fetch = serve();
    renderTable(fetch);
    expect(await screen.findByText('1–10 of 25')).toBeTruthy();
    expect(lastQuery(fetch)).toEqual({ page: 1, limit: 10, sort: undefined, search: '' });
  });

  it('pages forward and changes the page size, back to page 1', async () => {
    const fetch = serve();
    const user = renderTable(fetch);
    await screen.findByText('1–10 of 25');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–20 of 25')).toBeTruthy();
    expect(lastQuery(fetch)).toMatchObject({ page: 2, limit: 10 });
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    expect(await screen.findByText('1–20 of 25')).toBeTruthy();
    expect(lastQuery(fetch)).toMatchObject({ page: 1, limit: 20 });
  });

  it('searches on the server once typing pauses', async () => {
    jest.useFakeTimers();
    try {
      const fetch = serve();
      const user = renderTable(fetch, { fakeTimers: true });
      await screen.findByText('1–10 of 25');
      await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Widget 2');
      expect(fetch.mock.calls.some(([query]) => query.search !== '')).toBe(false);
      await act(async () => {
        jest.advanceTimersByTime(300);
      });
      await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ page: 1, search: 'Widget 2' }));
      expect(await screen.findByText('1–7 of 7')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the failure message in place of the list', async () => {
    renderTable(jest.fn(async () => Promise.reject({ success: false, data: null, message: 'Could not load plugin list' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load plugin list');
  });
});

describe('the row actions column title', () => {
  const renderWithActions = (actionsTitleShown?: boolean) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DataTable<Row> queryKey={['rows', String(actionsTitleShown)]} fetch={serve()} columns={[{ field: 'name', headerName: 'Name' }]} getRowId={(row) => row.id} rowActions={() => <button type="button">Change</button>} actionsTitleShown={actionsTitleShown} />
      </QueryClientProvider>,
    );
  const actionsHeader = async () => {
    await screen.findByText('1–10 of 25');
    const header = [...document.querySelectorAll('.ag-header-cell')].find((cell) => cell.textContent?.includes('Actions'));
    if (!header) throw new Error('no Actions header cell');
    return header;
  };

  it('reads "Actions" where the spec lists the column (the Billing table, spec 002)', async () => {
    renderWithActions(true);
    expect((await actionsHeader()).classList.contains('data-table__actions-head')).toBe(false);
  });

  it('is named for screen readers only elsewhere', async () => {
    renderWithActions();
    expect((await actionsHeader()).classList.contains('data-table__actions-head')).toBe(true);
  });
});
