/** @jest-environment ./test/web/jsdom-environment.ts */
// DataTable as resource screens use it: the sort cycle of spec 001 section 4, the column
// filter above 5 columns, the search column select, page sizes and the summary.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { DataTable } from '../../web/src/components/data-table/DataTable';
import type { TableQuery } from '../../web/src/components/data-table/DataTable';

type Row = Record<string, string>;
const columnsOf = (count: number): ColDef<Row>[] => Array.from({ length: count }, (_, i) => ({ field: `c${i}`, headerName: `Column ${i}` }));

function renderTable({ columns = columnsOf(2), ...props }: { columns?: ColDef<Row>[]; searchFields?: { field: string; label: string }[]; pageSize?: number } = {}) {
  const fetch = jest.fn(async (_query: TableQuery) => ({ docs: [{ c0: 'a', c1: 'b' }], total: 42 }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DataTable<Row> queryKey={['rows']} fetch={fetch} columns={columns} summary={(total) => `${total} Rows found`} {...props} />
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

const lastQuery = (fetch: jest.Mock): TableQuery => fetch.mock.calls[fetch.mock.calls.length - 1][0];

describe('DataTable for resources', () => {
  it('cycles a header through none, ascending, descending, then ascending again', async () => {
    const { fetch, user } = renderTable();
    await screen.findByText('42 Rows found');
    expect(lastQuery(fetch).sort).toBeUndefined();
    const header = () => document.querySelector('.ag-header-cell[col-id="c0"] .ag-header-cell-label') as HTMLElement;
    const seen: unknown[] = [];
    for (let click = 0; click < 3; click += 1) {
      await user.click(header());
      await waitFor(() => expect(fetch.mock.calls.length).toBe(seen.length + 2));
      seen.push(lastQuery(fetch).sort);
    }
    expect(seen).toEqual([
      { field: 'c0', direction: 'asc' },
      { field: 'c0', direction: 'desc' },
      { field: 'c0', direction: 'asc' },
    ]);
  });

  it.each([
    [5, false],
    [6, true],
  ])('with %d columns offers the column filter: %p', async (count, offered) => {
    renderTable({ columns: columnsOf(count) });
    await screen.findByText('42 Rows found');
    expect(screen.queryByText('Columns') !== null).toBe(offered);
  });

  it('hides a column unticked in the column filter', async () => {
    const { user } = renderTable({ columns: columnsOf(6) });
    await screen.findByText('Column 5');
    await user.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Column 5' }));
    await waitFor(() => expect(screen.queryByText('Column 5', { selector: '.ag-header-cell-text' })).toBeNull());
  });

  it('starts at the given page size and searches the chosen column', async () => {
    const { fetch, user } = renderTable({ pageSize: 20, searchFields: [{ field: 'c0', label: 'Column 0' }, { field: 'c1', label: 'Column 1' }] });
    await screen.findByText('42 Rows found');
    expect(lastQuery(fetch)).toMatchObject({ page: 1, limit: 20, searchField: 'c0' });
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('20');
    expect(Array.from((screen.getByLabelText('Rows per page') as HTMLSelectElement).options).map((o) => o.value)).toEqual(['5', '10', '20', '50', '100']);
    await user.selectOptions(screen.getByLabelText('Search in'), 'c1');
    await waitFor(() => expect(lastQuery(fetch).searchField).toBe('c1'));
  });
});
