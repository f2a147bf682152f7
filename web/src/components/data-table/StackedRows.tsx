// A table's page on a phone, for the tables that ask for it (DataTable's `stackBelow`): each row
// a block of its columns, title above value, and its buttons under them, so every value shows at
// 390 px instead of the few a sideways-scrolling grid leaves beside its pinned buttons.
import { useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ColDef } from 'ag-grid-community';
import './StackedRows.css';

type CellRenderer<Row> = (params: { value: unknown; data: Row }) => ReactNode;

/** Whether the window is at most `width` pixels wide (false where there is no window to ask, as in jsdom without matchMedia). */
export function useNarrow(width: number | undefined): boolean {
  const query = useMemo(() => (width === undefined || typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? undefined : window.matchMedia(`(max-width: ${width}px)`)), [width]);
  const subscribe = useMemo(
    () => (changed: () => void) => {
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => query?.matches ?? false, () => false);
}

function cellOf<Row>({ column, row }: { column: ColDef<Row>; row: Row }): ReactNode {
  const value = typeof column.field === 'string' ? (row as Record<string, unknown>)[column.field] : undefined;
  const render = column.cellRenderer as unknown;
  if (typeof render === 'function') return (render as CellRenderer<Row>)({ value, data: row });
  return value === undefined || value === null ? '' : String(value);
}

export function StackedRows<Row>({ rows, pending, columns, rowActions, getRowId, emptyText, label }: { rows: ReadonlyArray<Row>; pending: boolean; columns: ReadonlyArray<ColDef<Row>>; rowActions?: (row: Row) => ReactNode; getRowId?: (row: Row) => string; emptyText: string; label: string }) {
  const shown = columns.filter((column) => !column.hide);
  if (pending) return null;
  if (rows.length === 0) return <p className="data-table__stack-empty">{emptyText}</p>;
  return (
    <ul className="data-table__stack" aria-label={label}>
      {rows.map((row, index) => (
        <li key={getRowId ? getRowId(row) : index} className="data-table__stack-row">
          <dl>
            {shown.map((column) => (
              <div key={column.colId ?? String(column.field)} className="data-table__stack-cell">
                <dt>{column.headerName}</dt>
                <dd>{cellOf({ column, row })}</dd>
              </div>
            ))}
          </dl>
          {rowActions ? <div className="data-table__stack-actions">{rowActions(row)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
