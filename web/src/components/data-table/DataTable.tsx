// Every table of the product: AG Grid showing one page that the server sorted, searched
// and paged. Import it from this file only (never through a barrel) so AG Grid stays out
// of pages that show no table.
import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import { CellStyleModule, ClientSideRowModelModule, ColumnApiModule, LocaleModule, RowAutoHeightModule, RowStyleModule } from 'ag-grid-community';
import type { ColDef, GetRowIdParams, RowClickedEvent, SortChangedEvent } from 'ag-grid-community';
import { gridTheme } from './grid-theme';
import { Pager } from './Pager';
import { useDebounced } from './use-debounced';
import { ColumnPicker } from './ColumnPicker';
import { StackedRows, useNarrow } from './StackedRows';
import { withContentFlex } from './column-flex';
import { RowsSkeleton } from '../Skeleton';
import { useLinger } from '../Loading';
import { Placeholder } from '../Placeholder';
import { toFormFailure } from '../../../../forms/server-errors';
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS, SORT_CYCLE } from '../../../../forms/resource/list-query';
import './DataTable.css';

// ColumnApi: onSortChanged reads the column state; RowStyle: the clickable row class;
// RowAutoHeight: a column that wraps its text (wrapText) grows its row to show it whole.
// Columns share the table's width (flex) in proportion to their content (column-flex.ts), so no
// list scrolls sideways at 1280 px and a long name is not cut beside a Yes/No column.
const modules = [ClientSideRowModelModule, CellStyleModule, LocaleModule, ColumnApiModule, RowStyleModule, RowAutoHeightModule];

export type TableSort = { field: string; direction: 'asc' | 'desc' };
export type TableQuery = { page: number; limit: number; sort?: TableSort; search: string; searchField?: string };
export type TablePage<Row> = { docs: Row[]; total: number };

export type DataTableProps<Row> = {
  /** Cache key prefix: invalidate it (e.g. a generated `<op>QueryKey()`) to reload the table. */
  queryKey: QueryKey;
  fetch: (query: TableQuery) => Promise<TablePage<Row>>;
  columns: ColDef<Row>[];
  /** Buttons shown at the end of each row. */
  rowActions?: (row: Row) => ReactNode;
  /** Width of the row actions column, in pixels (room for its buttons), or worked out from the rows shown (buttons some rows lack). */
  actionsWidth?: number | ((rows: ReadonlyArray<Row>) => number);
  /** Shows the actions column's title, where the spec lists Actions as a column (Billing, spec 002); elsewhere screen readers alone read it. */
  actionsTitleShown?: boolean;
  getRowId?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Columns the search may run on (a select beside the box); the first is the default. */
  searchFields?: ReadonlyArray<{ field: string; label: string }>;
  emptyText?: string;
  pageSizes?: ReadonlyArray<number>;
  pageSize?: number;
  /** Left of the toolbar, given the number of records (e.g. '134 Users found'). */
  summary?: (total: number) => ReactNode;
  /** A Refresh button that reloads the page shown. */
  refreshable?: boolean;
  initialSort?: TableSort;
  /** Columns (ids) left out until the user picks them under Columns. */
  initiallyHidden?: ReadonlyArray<string>;
  /** Extra controls in the toolbar, right of the search box. */
  toolbar?: ReactNode;
  label?: string;
  /** At this window width (px) and below, each row is a block of its columns (StackedRows) instead of a grid row. */
  stackBelow?: number;
};

// The server already sorted the page: keep its order while the header shows the arrow.
const keepServerOrder = () => 0;

/** True until the table's first page answers (AG Grid draws its overlay inside this React tree). */
const FirstLoad = createContext(false);

/** Under the headers while a page loads: the rows' shapes on the first load (issue 37), AG Grid's word over rows already shown. */
function LoadingOverlay() {
  return useContext(FirstLoad) ? <RowsSkeleton /> : <span className="ag-overlay-loading-center">Loading…</span>;
}

const columnId = <Row,>(column: ColDef<Row>): string => column.colId ?? String(column.field);

export function DataTable<Row>({
  queryKey,
  fetch,
  columns,
  rowActions,
  actionsWidth = 140,
  actionsTitleShown = false,
  getRowId,
  onRowClick,
  searchable = true,
  searchPlaceholder = 'Search',
  searchFields,
  emptyText = 'No results',
  pageSizes = PAGE_SIZES,
  pageSize = 10,
  summary,
  refreshable = false,
  initialSort,
  initiallyHidden,
  toolbar,
  label = 'Table',
  stackBelow,
}: DataTableProps<Row>) {
  const narrow = useNarrow(stackBelow);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(pageSize);
  const [sort, setSort] = useState<TableSort | undefined>(initialSort);
  const [searchText, setSearchText] = useState('');
  const [searchField, setSearchField] = useState(searchFields?.[0]?.field);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(initiallyHidden));
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const query: TableQuery = { page, limit, sort, search, ...(searchField ? { searchField } : {}) };

  const result = useQuery({ queryKey: [...queryKey, query], queryFn: () => fetch(query), placeholderData: keepPreviousData });
  // Unknown until the first page answers: the summary and pager show placeholders, not a 0 (issue 27).
  const total = result.data?.total;
  const loading = useLinger(result.isFetching);
  const shownRows = useMemo(() => result.data?.docs ?? [], [result.data]);
  // A number, so the columns are worked out again only when the room the buttons need changes.
  const actionsPx = typeof actionsWidth === 'function' ? actionsWidth(shownRows) : actionsWidth;

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const withInitialSort = withContentFlex({ columns, rows: shownRows }).map((column) => ({
      ...column,
      // initialSort, not sort: applied once, so a column the user sorts later is the only one sorted.
      ...(initialSort && column.field === initialSort.field ? { initialSort: initialSort.direction } : {}),
      hide: hidden.has(columnId(column)),
    }));
    if (!rowActions) return withInitialSort;
    const actions: ColDef<Row> = {
      colId: 'actions',
      // Named for screen readers (an empty header cell is an axe finding), shown where the spec lists it.
      headerName: 'Actions',
      headerClass: actionsTitleShown ? undefined : 'data-table__actions-head',
      sortable: false,
      resizable: false,
      pinned: 'right',
      // No share of the free room (defaultColDef's flex), so a changed width applies.
      flex: 0,
      width: actionsPx,
      cellClass: 'data-table__actions',
      cellRenderer: ({ data }: { data?: Row }) => (data ? rowActions(data) : null),
    };
    return [...withInitialSort, actions];
  }, [columns, shownRows, rowActions, actionsPx, actionsTitleShown, initialSort, hidden]);

  const toggleColumn = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onSortChanged = (event: SortChangedEvent<Row>) => {
    const sorted = event.api.getColumnState().find((column) => column.sort);
    setSort(sorted?.sort ? { field: sorted.colId, direction: sorted.sort } : undefined);
    setPage(1);
  };

  return (
    <section className="data-table" aria-label={label}>
      <div className="data-table__toolbar">
        {summary && <p className="data-table__summary">{total === undefined ? result.isPending && <Placeholder width="10em" /> : summary(total)}</p>}
        {searchable && searchFields && searchFields.length > 1 && (
          <select className="data-table__search-field" aria-label="Search in" value={searchField} onChange={(event) => (setSearchField(event.target.value), setPage(1))}>
            {searchFields.map((choice) => (
              <option key={choice.field} value={choice.field}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
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
        <div className="data-table__tools">
          {toolbar}
          <ColumnPicker columns={columns.map((column) => ({ id: columnId(column), label: column.headerName ?? columnId(column) }))} hidden={hidden} onToggle={toggleColumn} />
          {refreshable && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void result.refetch()} disabled={loading}>
              Refresh
            </button>
          )}
        </div>
      </div>
      {result.isError ? (
        <p className="data-table__error" role="alert">
          {toFormFailure(result.error).message}
        </p>
      ) : narrow ? (
        <StackedRows<Row> rows={shownRows} pending={result.isPending} columns={columnDefs.filter((column) => column.colId !== 'actions')} rowActions={rowActions} getRowId={getRowId} emptyText={emptyText} label={`${label} rows`} />
      ) : (
        <div className={`data-table__grid${result.data?.docs.length ? ' data-table__grid--filled' : ''}`}>
          <FirstLoad.Provider value={result.data === undefined}>
            <AgGridReact<Row>
              modules={modules}
              theme={gridTheme}
              rowData={shownRows}
              columnDefs={columnDefs}
              defaultColDef={{ sortable: true, resizable: true, flex: 1, minWidth: 120, comparator: keepServerOrder, sortingOrder: [...SORT_CYCLE], wrapHeaderText: true, autoHeaderHeight: true }}
              loading={loading}
              loadingOverlayComponent={LoadingOverlay}
              domLayout="autoHeight"
              suppressMultiSort
              localeText={{ noRowsToShow: emptyText }}
              getRowId={getRowId ? ({ data }: GetRowIdParams<Row>) => getRowId(data) : undefined}
              onRowClicked={onRowClick ? (event: RowClickedEvent<Row>) => event.data && onRowClick(event.data) : undefined}
              onSortChanged={onSortChanged}
              rowClass={onRowClick ? 'data-table__row--clickable' : undefined}
            />
          </FirstLoad.Provider>
        </div>
      )}
      <Pager page={page} limit={limit} total={total ?? (result.isPending ? undefined : 0)} pageSizes={pageSizes} onPage={setPage} onLimit={(size) => (setLimit(size), setPage(1))} />
    </section>
  );
}
