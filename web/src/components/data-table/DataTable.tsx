// Every table of the product: AG Grid showing one page that the server sorted, searched
// and paged. Import it from this file only (never through a barrel) so AG Grid stays out
// of pages that show no table.
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import { CellStyleModule, ClientSideRowModelModule, LocaleModule } from 'ag-grid-community';
import type { ColDef, GetRowIdParams, RowClickedEvent, SortChangedEvent } from 'ag-grid-community';
import { gridTheme } from './grid-theme';
import { Pager } from './Pager';
import { useDebounced } from './use-debounced';
import { toFormFailure } from '../../../../forms/server-errors';
import './DataTable.css';

const modules = [ClientSideRowModelModule, CellStyleModule, LocaleModule];

export type TableSort = { field: string; direction: 'asc' | 'desc' };
export type TableQuery = { page: number; limit: number; sort?: TableSort; search: string };
export type TablePage<Row> = { docs: Row[]; total: number };

export type DataTableProps<Row> = {
  /** Cache key prefix: invalidate it (e.g. a generated `<op>QueryKey()`) to reload the table. */
  queryKey: QueryKey;
  fetch: (query: TableQuery) => Promise<TablePage<Row>>;
  columns: ColDef<Row>[];
  /** Buttons shown at the end of each row. */
  rowActions?: (row: Row) => ReactNode;
  getRowId?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  searchable?: boolean;
  searchPlaceholder?: string;
  emptyText?: string;
  pageSizes?: number[];
  initialSort?: TableSort;
  /** Extra controls in the toolbar, right of the search box. */
  toolbar?: ReactNode;
  label?: string;
};

// The server already sorted the page: keep its order while the header shows the arrow.
const keepServerOrder = () => 0;

export function DataTable<Row>({
  queryKey,
  fetch,
  columns,
  rowActions,
  getRowId,
  onRowClick,
  searchable = true,
  searchPlaceholder = 'Search',
  emptyText = 'No results',
  pageSizes = [10, 20, 50],
  initialSort,
  toolbar,
  label = 'Table',
}: DataTableProps<Row>) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(pageSizes[0] ?? 20);
  const [sort, setSort] = useState<TableSort | undefined>(initialSort);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const query: TableQuery = { page, limit, sort, search };

  const result = useQuery({ queryKey: [...queryKey, query], queryFn: () => fetch(query), placeholderData: keepPreviousData });
  const total = result.data?.total ?? 0;

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const withInitialSort = columns.map((column) => (initialSort && column.field === initialSort.field ? { ...column, sort: initialSort.direction } : column));
    if (!rowActions) return withInitialSort;
    const actions: ColDef<Row> = {
      colId: 'actions',
      headerName: '',
      sortable: false,
      resizable: false,
      pinned: 'right',
      width: 140,
      cellClass: 'data-table__actions',
      cellRenderer: ({ data }: { data?: Row }) => (data ? rowActions(data) : null),
    };
    return [...withInitialSort, actions];
  }, [columns, rowActions, initialSort]);

  const onSortChanged = (event: SortChangedEvent<Row>) => {
    const sorted = event.api.getColumnState().find((column) => column.sort);
    setSort(sorted?.sort ? { field: sorted.colId, direction: sorted.sort } : undefined);
    setPage(1);
  };

  return (
    <section className="data-table" aria-label={label}>
      {(searchable || toolbar) && (
        <div className="data-table__toolbar">
          {searchable && (
            <input
              type="search"
              className="data-table__search"
              placeholder={searchPlaceholder}
              aria-label={searchPlaceholder}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.target.value);
                setPage(1);
              }}
            />
          )}
          <div className="data-table__tools">{toolbar}</div>
        </div>
      )}
      {result.isError ? (
        <p className="data-table__error" role="alert">
          {toFormFailure(result.error).message}
        </p>
      ) : (
        <div className="data-table__grid">
          <AgGridReact<Row>
            modules={modules}
            theme={gridTheme}
            rowData={result.data?.docs ?? []}
            columnDefs={columnDefs}
            defaultColDef={{ sortable: true, resizable: true, flex: 1, minWidth: 120, comparator: keepServerOrder }}
            loading={result.isFetching}
            domLayout="autoHeight"
            suppressMultiSort
            localeText={{ noRowsToShow: emptyText }}
            getRowId={getRowId ? ({ data }: GetRowIdParams<Row>) => getRowId(data) : undefined}
            onRowClicked={onRowClick ? (event: RowClickedEvent<Row>) => event.data && onRowClick(event.data) : undefined}
            onSortChanged={onSortChanged}
            rowClass={onRowClick ? 'data-table__row--clickable' : undefined}
          />
        </div>
      )}
      <Pager page={page} limit={limit} total={total} pageSizes={pageSizes} onPage={setPage} onLimit={(size) => (setLimit(size), setPage(1))} />
    </section>
  );
}
