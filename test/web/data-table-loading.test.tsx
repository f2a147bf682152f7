/** @jest-environment ./test/web/jsdom-environment.ts */
// A table's counts while its first page loads and after (issue 27, item 13): placeholders, not
// "0 Documents found", then every number with thousands separators.
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DataTable } from '../../web/src/components/data-table/DataTable';
import { countText } from '../../rules/plural';

type Row = { id: string; name: string };
const TOTAL = 1_000_001;
const FOUND = { one: '{n} Document found', other: '{n} Documents found' };

function renderHeldTable() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const fetch = async () => {
    await released;
    return { docs: Array.from({ length: 10 }, (_, index) => ({ id: String(index), name: `jon user ${index}` })), total: TOTAL };
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DataTable<Row> queryKey={['documents']} fetch={fetch} columns={[{ field: 'name', headerName: 'Name' }]} getRowId={(row) => row.id} summary={(total) => countText({ count: total, text: FOUND })} />
    </QueryClientProvider>,
  );
  return release;
}

const textOf = (selector: string) => document.querySelector(selector)?.textContent;

describe('DataTable counts', () => {
  it('shows placeholders for the count and the pager until the first page answers', async () => {
    const release = renderHeldTable();
    expect(textOf('.data-table__summary')).toBe('Loading');
    expect(textOf('.data-table__range')).toBe('Loading');
    expect(textOf('.data-table__page')).toBe('Page 1 of Loading');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    await act(async () => release());
  });

  it('shows the rows\' shapes under the headers until the first page answers, not a "Loading…" word (issue 37)', async () => {
    const release = renderHeldTable();
    expect(await screen.findByRole('status', { name: 'Loading rows' })).toBeTruthy();
    expect(screen.getByText('Name')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    await act(async () => release());
    expect(await screen.findByText('jon user 0')).toBeTruthy();
  });

  it('shows the count, range and pages with thousands separators once known', async () => {
    const release = renderHeldTable();
    await act(async () => release());
    expect(await screen.findByText('1,000,001 Documents found')).toBeTruthy();
    expect(textOf('.data-table__range')).toBe('1–10 of 1,000,001');
    expect(textOf('.data-table__page')).toBe('Page 1 of 100,001');
  });
});
