// A resource list the user orders by dragging (ResourceDescription.reorder): every record as a
// row of cells under the column headers, a grip before each (SortableList: 120 ms press, or
// the keyboard), the row actions after. The order shows at once while it is saved.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { ResourceColumn } from '../../../../forms/resource/columns';
import { FALLBACK_MESSAGE, toFormFailure } from '../../../../forms/server-errors';
import { Loading } from '../Loading';
import { SortableList } from '../sortable/SortableList';
import { CellValue } from './cells';
import './resource.css';

export type SortableRowsProps<Row> = {
  label: string;
  rows: ReadonlyArray<Row> | undefined;
  pending: boolean;
  error: unknown;
  columns: ReadonlyArray<ResourceColumn>;
  /** Some columns drawn from the whole row (a link to the record's page, badges) instead of their format. */
  cells?: Readonly<Record<string, (row: Row) => ReactNode>>;
  idOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  actions: (row: Row) => ReactNode;
  emptyText: string;
  failure: string;
  onReorder: (next: Row[]) => Promise<unknown>;
};

const valueOf = (row: unknown, field: string): unknown => (row as Record<string, unknown>)[field];

export function SortableRows<Row>({ label, rows, pending, error, columns, cells, idOf, nameOf, actions, emptyText, failure, onReorder }: SortableRowsProps<Row>) {
  const [moved, setMoved] = useState<Row[] | null>(null);
  const list = moved ?? rows ?? [];
  const reorder = async (next: Row[]) => {
    setMoved(next);
    try {
      await onReorder(next);
    } catch (thrown) {
      toast.error(failure, { description: toFormFailure(thrown).message });
    }
    setMoved(null);
  };
  // Columns share the width; the last track holds the row's buttons.
  const grid = { gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr)) 132px` };
  return (
    <>
      {error ? <p className="dp-error" role="alert">{toFormFailure(error).message}</p> : null}
      <Loading active={pending}>
        {!pending && !error && list.length === 0 && <section className="dp-card dp-empty">{emptyText}</section>}
        {list.length > 0 && (
          <div className="resource-rows">
            <div className="resource-rows__head" style={grid} aria-hidden="true">
              {columns.map((column) => <span key={column.field}>{column.header}</span>)}
              <span />
            </div>
            <SortableList
              label={label}
              items={list}
              idOf={idOf}
              gripLabel={(row) => `Move ${nameOf(row)}`}
              disabled={moved !== null}
              onReorder={(next) => void reorder(next)}
              renderItem={(row) => (
                <div className="resource-rows__row" style={grid} data-row-name={nameOf(row)}>
                  {columns.map((column) => (
                    <span key={column.field} className={`resource-rows__cell resource-rows__cell--${column.field}`} data-header={column.header}>
                      {cells?.[column.field]?.(row) ?? <CellValue format={column.format} value={valueOf(row, column.field)} />}
                    </span>
                  ))}
                  <span className="resource-rows__actions">{actions(row)}</span>
                </div>
              )}
            />
          </div>
        )}
      </Loading>
    </>
  );
}

/** A toast when the whole list cannot be loaded (the message shows in place of the rows too). */
export function useLoadFailedToast({ error, title }: { error: unknown; title?: string }): void {
  useEffect(() => {
    if (!error || !title) return;
    const message = toFormFailure(error).message;
    toast.error(title, { description: message !== title && message !== FALLBACK_MESSAGE ? message : undefined });
  }, [error, title]);
}
