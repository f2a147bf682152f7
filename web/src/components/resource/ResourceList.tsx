// A resource's list screen from its description: the DataTable paged, sorted and searched on
// the server, columns and formats from the record schema, row actions, and the create, edit
// and delete popups. Import from this file only (it brings AG Grid).
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { ColDef } from 'ag-grid-community';
import { toast } from 'sonner';
import { DataTable } from '../data-table/DataTable';
import { actionsWidthFor } from '../data-table/column-flex';
import { ConfirmPopup } from '../ConfirmPopup';
import { hiddenColumnsOf, resourceColumns } from '../../../../forms/resource/columns';
import { EMPTY_TEXT, rowActionsOf } from '../../../../forms/resource/description';
import type { ListSdk, PathOf, ResourceDescription, RowOf, Sdk } from '../../../../forms/resource/description';
import { lockedUiSchema } from '../../../../forms/resource/form-conditions';
import { formValuesOf, mergeUiSchemas } from '../../../../forms/resource/form-hints';
import { editUiSchema } from '../../../../forms/resource/form-ui';
import { searchOf } from '../../../../forms/resource/search';
import { fillText } from '../../../../forms/resource/texts';
import { countText } from '../../../../rules/plural';
import type { FormToasts } from '../../../../forms/SchemaForm';
import { schemaOf } from '../../../../forms/schemas';
import type { SchemaEntry } from '../../../../forms/schemas';
import { FALLBACK_MESSAGE } from '../../../../forms/server-errors';
import { toColDef } from './cells';
import { ResourceEditor } from './ResourceEditor';
import { SortableRows, useLoadFailedToast } from './SortableRows';
import { useResourceList, useResourceRows } from './use-resource';
import { useResourceWrites } from './use-resource-writes';
import './resource.css';

export type ResourceListProps<L extends ListSdk, C extends Sdk, U extends Sdk, D extends Sdk, S extends Sdk = Sdk, F = Record<string, unknown>, X = undefined> = {
  description: ResourceDescription<L, Sdk, C, U, D, S, F, X>;
  /** Path parameters of the list (e.g. { appId }); row operations add the row's id under idParam. */
  path: PathOf<L>;
  onRowClick?: (row: RowOf<L>) => void;
  /** Row actions other than edit and delete. */
  onAction?: (action: string, row: RowOf<L>) => void;
  /** Hides an action on some rows (e.g. no refund on a refunded charge). */
  actionShown?: (action: string, row: RowOf<L>) => boolean;
  /** The title as the page's heading (h1) rather than a section's (h2). */
  page?: boolean;
  toolbar?: ReactNode;
  /** A line beside the create button, in place of the title (a tab its tab bar already names). */
  lead?: ReactNode;
  /** Cells drawn by the screen (an image, a value with a warning) instead of their format, by field. */
  renderCells?: Readonly<Record<string, (row: RowOf<L>) => ReactNode>>;
  /**
   * Bounds of a column's width in pixels, by field (a thumbnail stays narrow, a value with a warning
   * wide), and whether its text wraps onto more lines (the row grows) rather than being cut.
   */
  columnSizes?: Readonly<Record<string, { minWidth?: number; maxWidth?: number; wrapText?: boolean }>>;
  /** Shows the row actions column's title, where the spec lists Actions (DataTable's actionsTitleShown). */
  actionsTitleShown?: boolean;
  /** At this window width (px) and below, each row is a block of its values (DataTable's stackBelow). */
  stackBelow?: number;
};

/** `from`: a row the create form starts from (Duplicate). */
type Editing<Row> = { mode: 'create'; from?: Row } | { mode: 'edit'; row: Row };

const messageOf = ({ message }: { message: string }) => message;
const NO_ROWS: never[] = [];

/** A row's scalar values, for the `{field}` of deleteText and deleted. */
const textValues = (row: unknown): Record<string, string | number> =>
  Object.fromEntries(Object.entries(row as Record<string, unknown>).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));

/** An edit form's fields fixed by the record: those the document locks, and the description's. */
const editUiOf = ({ body, row, readOnly }: { body: SchemaEntry; row: unknown; readOnly?: ReadonlyArray<string> }) =>
  mergeUiSchemas(lockedUiSchema({ schema: schemaOf(body), record: row as Readonly<Record<string, unknown>> }), editUiSchema({ readOnly }));

/** A column whose text the description computes from the row (ResourceDescription.cells). */
const withCell = <Row,>({ colDef, cell }: { colDef: ColDef<Row>; cell?: (row: Row) => string }): ColDef<Row> =>
  cell ? { ...colDef, cellRenderer: ({ data }: { data?: Row }) => (data ? cell(data) : '') } : colDef;

// Room for the buttons of a row, and no more: the columns beside it need the rest.
const actionsWidthOf = (actions: ReadonlyArray<{ label: string }>) => actionsWidthFor(actions.map((action) => action.label));

/** Room for the most buttons any row shown shows (actionShown hides some per row); every action until rows load. */
const widestActions = <Row, A extends { id: string; label: string }>({ actions, rows, actionShown }: { actions: ReadonlyArray<A>; rows: ReadonlyArray<Row>; actionShown?: (action: string, row: Row) => boolean }): number =>
  actionShown && rows.length ? Math.max(...rows.map((row) => actionsWidthOf(actions.filter((action) => actionShown(action.id, row))))) : actionsWidthOf(actions);

export function ResourceList<L extends ListSdk, C extends Sdk, U extends Sdk, D extends Sdk, S extends Sdk = Sdk, F = Record<string, unknown>, X = undefined>({
  description, path, onRowClick, onAction, actionShown, page = false, toolbar, lead, renderCells, columnSizes, actionsTitleShown, stackBelow,
}: ResourceListProps<L, C, U, D, S, F, X>) {
  type Row = RowOf<L>;
  const { texts, idField = 'id' } = description;
  const { subtitle } = texts;
  const [editing, setEditing] = useState<Editing<Row> | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const table = useResourceList({ description, path });
  const all = useResourceRows({ description, path });
  useLoadFailedToast({ error: all.error, title: texts.loadFailed });
  const rows = all.data ?? NO_ROWS;
  const writes = useResourceWrites({ description, path, rows });

  const serverQuery = description.list.serverQuery !== false && !description.list.params;
  const sortable = serverQuery || (Boolean(description.list.params) && description.list.sortable === true);
  const recordColumns = useMemo(
    () => resourceColumns({ schema: schemaOf(description.schema), columns: description.columns }),
    [description.schema, description.columns],
  );
  // Dragged rows have no Columns menu to pick a hidden column from.
  const rowColumns = useMemo(() => {
    const hidden = new Set(description.hiddenColumns ?? hiddenColumnsOf({ schema: schemaOf(description.schema) }));
    return recordColumns.filter((column) => !hidden.has(column.field));
  }, [recordColumns, description.hiddenColumns, description.schema]);
  const { cells, rowName } = description;
  const { sortFields } = description.list;
  const columns = useMemo(
    () =>
      recordColumns.map((column) => {
        const sorts = sortable && (sortFields?.includes(column.field) ?? true);
        const colDef = withCell({ colDef: toColDef<Row>({ column, sortable: sorts }), cell: cells?.[column.field] });
        const render = renderCells?.[column.field];
        const size = columnSizes?.[column.field];
        const sized = { ...colDef, ...size, ...(size?.wrapText ? { autoHeight: true } : {}) };
        // A rendered cell reads the raw value (e.g. an expanded relation): AG Grid needs no data type for it.
        return render ? { ...sized, cellDataType: false, cellRenderer: ({ data }: { data?: Row }) => (data ? render(data) : null) } : sized;
      }),
    [recordColumns, sortable, sortFields, cells, renderCells, columnSizes],
  );
  const searchFields = useMemo(() => {
    const search = searchOf(description);
    if (!search || !(serverQuery || description.list.params)) return undefined;
    const headers = new Map(columns.map((column) => [column.colId, column.headerName ?? '']));
    return [search, ...(search.choices ?? [])].map(({ field }) => ({ field, label: headers.get(field) ?? field }));
  }, [description, columns, serverQuery]);

  const actions = rowActionsOf(description);
  const act = (action: string, row: Row) => {
    if (action === 'edit') setEditing({ mode: 'edit', row });
    else if (action === 'duplicate') setEditing({ mode: 'create', from: row });
    else if (action === 'delete') setDeleting(row);
    else onAction?.(action, row);
  };
  const rowActions = actions.length
    ? (row: Row) =>
        actions
          .filter((action) => actionShown?.(action.id, row) ?? true)
          .map((action) => (
            <button key={action.id} type="button" className={`btn btn-sm ${action.danger ? 'btn-ghost resource-action--danger' : 'btn-ghost'}`} aria-label={rowName ? `${action.label} ${rowName(row)}` : undefined} onClick={(event) => (event.stopPropagation(), act(action.id, row))}>
              {action.label}
            </button>
          ))
    : undefined;

  const formToasts = (success?: string): FormToasts => ({ success: success ?? messageOf, error: texts.failure });
  const Heading = page ? 'h1' : 'h2';
  const editingRow = editing?.mode === 'edit' ? editing.row : undefined;
  const startingRow = editing?.mode === 'edit' ? editing.row : editing?.from;
  const bodyOperation = (editing?.mode === 'edit' ? description.update : description.create) ?? description.saveAll;

  return (
    <section className="resource-list" aria-label={texts.title}>
      <header className={page ? 'dp-page-head' : 'resource-list__head'}>
        {lead ? <p className="resource-list__lead">{lead}</p> : <Heading>{texts.title}</Heading>}
        {(description.create || description.saveAll) && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'create' })}>
            {texts.createButton ?? texts.createTitle ?? 'Add'}
          </button>
        )}
      </header>
      {description.reorder ? (
        <SortableRows<Row>
          label={texts.title}
          rows={all.data}
          pending={all.isPending}
          error={all.error}
          columns={rowColumns}
          cells={cells}
          idOf={(row) => String((row as Record<string, unknown>)[idField])}
          nameOf={(row) => (rowName ? rowName(row) : String((row as Record<string, unknown>)[idField]))}
          actions={(row) => rowActions?.(row)}
          emptyText={texts.empty ?? EMPTY_TEXT}
          failure={texts.failure ?? FALLBACK_MESSAGE}
          onReorder={writes.reorder}
        />
      ) : (
      <DataTable<Row>
        // Inside this section's landmark, named apart from it (axe: landmark-unique).
        label={`${texts.title} table`}
        queryKey={table.queryKey}
        fetch={table.fetch}
        columns={columns}
        rowActions={rowActions}
        actionsWidth={(shown) => widestActions({ actions, rows: shown.length ? shown : rows, actionShown })}
        actionsTitleShown={actionsTitleShown}
        getRowId={(row) => String((row as Record<string, unknown>)[idField])}
        onRowClick={onRowClick}
        searchable={Boolean(searchFields)}
        searchFields={searchFields}
        searchPlaceholder={searchFields ? `Search by ${searchFields[0].label}` : undefined}
        emptyText={texts.empty ?? EMPTY_TEXT}
        pageSize={description.pageSize}
        initialSort={description.sort}
        initiallyHidden={description.hiddenColumns ?? hiddenColumnsOf({ schema: schemaOf(description.schema) })}
        summary={subtitle ? (total) => countText({ count: total, text: subtitle }) : undefined}
        refreshable
        toolbar={toolbar}
        stackBelow={stackBelow}
      />
      )}
      {editing && bodyOperation && (
        <ResourceEditor<Row, F, X>
          form={description.form}
          title={editing.mode === 'edit' ? (texts.editTitle ?? 'Edit') : (texts.createTitle ?? 'Add')}
          submitText={editingRow ? undefined : texts.createSubmit}
          entry={bodyOperation.body}
          uiSchema={editingRow ? editUiOf({ body: bodyOperation.body, row: editingRow, readOnly: description.readOnlyAfterCreate }) : undefined}
          path={path as Readonly<Record<string, string>>}
          row={startingRow}
          formData={startingRow ? formValuesOf<F>({ schema: schemaOf(bodyOperation.body), record: startingRow }) : undefined}
          editing={Boolean(editingRow)}
          rows={rows}
          toasts={formToasts(editingRow ? texts.updated : texts.created)}
          onSubmit={(values) => {
            const body = values as object;
            return editingRow ? writes.update(editingRow, body) : writes.create(body);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmPopup
        open={deleting !== null}
        title={texts.deleteTitle ?? 'Delete'}
        text={deleting && texts.deleteText ? fillText(texts.deleteText, textValues(deleting)) : 'Are you sure? This cannot be undone.'}
        confirmText="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await writes.remove(deleting);
          toast.success(texts.deleted ? fillText(texts.deleted, textValues(deleting)) : messageOf(result as { message: string }));
          setDeleting(null);
        }}
      />
    </section>
  );
}

