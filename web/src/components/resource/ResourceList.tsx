// A resource's list screen from its description: the DataTable paged, sorted and searched on
// the server, columns and formats from the record schema, row actions, and the create, edit
// and delete popups. Import from this file only (it brings AG Grid).
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { DataTable } from '../data-table/DataTable';
import { ConfirmPopup } from '../ConfirmPopup';
import { resourceColumns } from '../../../../forms/resource/columns';
import { EMPTY_TEXT, rowActionsOf } from '../../../../forms/resource/description';
import type { ArgsOf, ListSdk, PathOf, ResourceDescription, RowOf, Sdk } from '../../../../forms/resource/description';
import { editUiSchema } from '../../../../forms/resource/form-ui';
import { fillText } from '../../../../forms/resource/texts';
import type { FormToasts } from '../../../../forms/SchemaForm';
import { schemaByName } from '../../../../forms/schemas';
import { toColDef } from './cells';
import { ResourceFormPopup } from './ResourceFormPopup';
import { readsOf, useResourceList, useResourceMutation } from './use-resource';
import './resource.css';

export type ResourceListProps<L extends ListSdk, C extends Sdk, U extends Sdk, D extends Sdk> = {
  description: ResourceDescription<L, Sdk, C, U, D>;
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
};

type Editing<Row> = { mode: 'create' } | { mode: 'edit'; row: Row };

const messageOf = ({ message }: { message: string }) => message;

// Room for every button of a row: about 8 px a character plus each button's padding.
const actionsWidthOf = (actions: ReadonlyArray<{ label: string }>) => Math.max(100, actions.reduce((sum, action) => sum + action.label.length * 8 + 32, 24));

export function ResourceList<L extends ListSdk, C extends Sdk, U extends Sdk, D extends Sdk>({ description, path, onRowClick, onAction, actionShown, page = false, toolbar }: ResourceListProps<L, C, U, D>) {
  type Row = RowOf<L>;
  const { texts, idField = 'id', idParam = 'id' } = description;
  const [editing, setEditing] = useState<Editing<Row> | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const table = useResourceList({ description, path });
  const refreshes = readsOf(description);
  const create = useResourceMutation({ operation: description.create, refreshes });
  const update = useResourceMutation({ operation: description.update, refreshes });
  const remove = useResourceMutation({ operation: description.delete, refreshes });

  const serverQuery = description.list.serverQuery !== false;
  const columns = useMemo(
    () => resourceColumns({ schema: schemaByName(description.schema), columns: description.columns }).map((column) => toColDef<Row>({ column, sortable: serverQuery })),
    [description.schema, description.columns, serverQuery],
  );
  const searchFields = useMemo(() => {
    if (!description.search || !serverQuery) return undefined;
    const headers = new Map(columns.map((column) => [column.colId, column.headerName ?? '']));
    return [description.search, ...(description.search.choices ?? [])].map(({ field }) => ({ field, label: headers.get(field) ?? field }));
  }, [description.search, columns, serverQuery]);

  const actions = rowActionsOf(description);
  const recordPath = (row: Row): Record<string, string> => Object.assign({}, path, { [idParam]: String((row as Record<string, unknown>)[idField]) });
  const act = (action: string, row: Row) => {
    if (action === 'edit') setEditing({ mode: 'edit', row });
    else if (action === 'delete') setDeleting(row);
    else onAction?.(action, row);
  };
  const rowActions = actions.length
    ? (row: Row) =>
        actions
          .filter((action) => actionShown?.(action.id, row) ?? true)
          .map((action) => (
            <button key={action.id} type="button" className={`btn btn-sm ${action.danger ? 'btn-ghost resource-action--danger' : 'btn-ghost'}`} onClick={(event) => (event.stopPropagation(), act(action.id, row))}>
              {action.label}
            </button>
          ))
    : undefined;

  const formToasts = (success?: string): FormToasts => ({ success: success ?? messageOf, error: texts.failure });
  const Heading = page ? 'h1' : 'h2';
  const editingRow = editing?.mode === 'edit' ? editing.row : undefined;
  const bodyOperation = editing?.mode === 'edit' ? description.update : description.create;

  return (
    <section className="resource-list" aria-label={texts.title}>
      <header className={page ? 'dp-page-head' : 'resource-list__head'}>
        <Heading>{texts.title}</Heading>
        {description.create && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'create' })}>
            {texts.createTitle ?? 'Add'}
          </button>
        )}
      </header>
      <DataTable<Row>
        label={texts.title}
        queryKey={table.queryKey}
        fetch={table.fetch}
        columns={columns}
        rowActions={rowActions}
        actionsWidth={actionsWidthOf(actions)}
        getRowId={(row) => String((row as Record<string, unknown>)[idField])}
        onRowClick={onRowClick}
        searchable={Boolean(searchFields)}
        searchFields={searchFields}
        searchPlaceholder={searchFields ? `Search by ${searchFields[0].label}` : undefined}
        emptyText={texts.empty ?? EMPTY_TEXT}
        pageSize={description.pageSize}
        initialSort={description.sort}
        summary={texts.subtitle ? (total) => fillText(texts.subtitle ?? '', { n: total }) : undefined}
        refreshable
        toolbar={toolbar}
      />
      {editing && bodyOperation && (
        <ResourceFormPopup<Record<string, unknown>>
          open
          title={editing.mode === 'edit' ? (texts.editTitle ?? 'Edit') : (texts.createTitle ?? 'Add')}
          schemaName={bodyOperation.body}
          uiSchema={editingRow ? editUiSchema({ readOnly: description.readOnlyAfterCreate }) : undefined}
          formData={editingRow as Record<string, unknown> | undefined}
          toasts={formToasts(editingRow ? texts.updated : texts.created)}
          onSubmit={(body) =>
            editingRow
              ? update.mutateAsync({ path: recordPath(editingRow), body } as ArgsOf<U>)
              : create.mutateAsync({ path, body } as ArgsOf<C>)
          }
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmPopup
        open={deleting !== null}
        title={texts.deleteTitle ?? 'Delete'}
        text={texts.deleteText ?? 'Are you sure? This cannot be undone.'}
        confirmText="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync({ path: recordPath(deleting) } as ArgsOf<D>);
          toast.success(texts.deleted ?? messageOf(result as { message: string }));
          setDeleting(null);
        }}
      />
    </section>
  );
}

