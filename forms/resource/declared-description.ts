// A declared resource's screen (forms/resource/declared.ts) as a resource description: its five
// expanded operations called by path through the generated fetch client (there is no SDK
// function to name before `npm run generate` has run on the team's document), the list's
// page/limit/search/sort arguments (scripts/expand-resources.ts), the schemas' forms, and the
// create, edit and delete actions the caller's role allows.
import { client } from '../../generated/client/client.gen';
import { nameWords, operationIdOf } from '../../rules/resource-declaration';
import type { ResourceAction } from '../../rules/resource-declaration';
import type { ProjectRole } from '../../rules/workspace-roles';
import { runtimeEntry } from '../schemas';
import type { JsonSchema } from '../schemas';
import type { UiSchema } from '@rjsf/utils';
import { mayAct } from './declared';
import type { DeclaredScreen } from './declared';
import { defineResource } from './description';
import type { SdkResult } from './description';
import type { ListSort } from './list-query';
import { relationSourcesOf } from './relation-sources';

export type DeclaredRow = Record<string, unknown> & { id: string };
export type DeclaredPath = Record<string, string>;
type Envelope<T> = { success: boolean; message: string; data: T };
type ListQuery = { page: number; limit: number; search?: string; sort?: string };
type Call<A, T> = (options: A) => Promise<SdkResult<Envelope<T>>>;

type Method = 'get' | 'post' | 'patch' | 'delete';

async function send<T>({ method, url, path, query, body }: { method: Method; url: string; path: DeclaredPath; query?: ListQuery; body?: object }): Promise<SdkResult<T>> {
  const result = await client[method]<{ 200: T }, unknown, false>({ url, path, ...(query ? { query } : {}), ...(body ? { body, headers: { 'Content-Type': 'application/json' } } : {}) });
  return { data: result.data as T | undefined, error: result.error, response: result.response };
}

/** Server fields are never sent, nor anything the update schema does not declare. */
const writable = ({ row, schema }: { row: DeclaredRow; schema: JsonSchema }): Record<string, unknown> => {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(row).filter(([key, value]) => key in properties && value !== null));
};

/** The list's sort argument: 'title' or '-title' (scripts/expand-resources.ts). */
export const toDeclaredSort = (sort: ListSort): string => `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;

/**
 * A relation as a picker of the related list (forms/widgets/DeclaredRelationWidget.tsx) when the
 * web app knows one (relation-sources.ts), else a text field told which id it takes.
 */
function relationUi({ screen, screens, path }: { screen: DeclaredScreen; screens: ReadonlyArray<DeclaredScreen>; path: DeclaredPath }): UiSchema {
  const sources = relationSourcesOf({ screen, screens });
  return Object.fromEntries(
    Object.entries(screen.relations).map(([field, collection]) => {
      const source = sources[field];
      return [field, source ? { 'ui:widget': 'declaredRelation', 'ui:options': { source, path } } : { 'ui:help': `The id of a record of ${collection}` }];
    }),
  );
}

/** Columns shown at first: five of 120 px at least and Details, Edit, Delete fit a 1280 px window beside the menu. */
const SHOWN_COLUMNS = 5;

/** Longer texts than this get a box of several lines: a body, notes, a description. */
const ONE_LINE_MAX = 200;

/** A plain text property that may run past a line (its maxLength, or none) as a textarea. */
function longTextUi(schema: JsonSchema): UiSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, property]) => property.type === 'string' && !property.format && !property.enum && !property.pattern && (typeof property.maxLength !== 'number' || property.maxLength > ONE_LINE_MAX))
      .map(([field]) => [field, { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } }]),
  );
}

/** `screens`: every declared screen, where a relation may find the resource it points to. */
export function declaredDescription({ screen, screens = [], role }: { screen: DeclaredScreen; screens?: ReadonlyArray<DeclaredScreen>; role?: ProjectRole | null }) {
  const one = `${screen.path}/{id}`;
  const operationId = (action: ResourceAction) => operationIdOf(screen, action);
  const may = (action: ResourceAction) => mayAct({ screen, role, action });
  const key = (action: ResourceAction) => (options: { path: DeclaredPath }) => [{ _id: operationId(action), path: options.path }];
  const list: Call<{ path: DeclaredPath; query?: ListQuery }, { items: DeclaredRow[]; total: number }> = ({ path, query }) => send({ method: 'get', url: screen.path, path, query });
  const get: Call<{ path: DeclaredPath }, DeclaredRow> = ({ path }) => send({ method: 'get', url: one, path });
  const create: Call<{ path: DeclaredPath; body: object }, DeclaredRow> = ({ path, body }) => send({ method: 'post', url: screen.path, path, body });
  const update: Call<{ path: DeclaredPath; body: object }, DeclaredRow> = ({ path, body }) => send({ method: 'patch', url: one, path, body });
  const remove: Call<{ path: DeclaredPath }, null> = ({ path }) => send({ method: 'delete', url: one, path });
  const { noun, labelField } = screen;
  // Every scalar property but the id, which names the record in its address instead.
  const columns = Object.entries((screen.record.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([field, property]) => field !== 'id' && !['object', 'array'].includes(String(property.type)))
    .map(([field]) => field);
  // The count names records by the plural noun, not the menu title ("2 launch checklists found", never "2 launch checklist found").
  const nouns = nameWords(screen.plural).toLowerCase();
  return defineResource({
    schema: runtimeEntry({ name: screen.name, schema: screen.record }),
    idParam: 'id',
    list: {
      operationId: operationId('list'),
      call: list,
      queryKey: key('list'),
      params: ({ page, limit, search, sort }) => ({ page, limit, ...(search ? { search } : {}), ...(sort ? { sort: toDeclaredSort(sort) } : {}) }),
      sortable: screen.sort.length > 0,
      sortFields: screen.sort,
    },
    get: { operationId: operationId('get'), call: get, queryKey: key('get') },
    ...(may('create') ? { create: { operationId: operationId('create'), call: create, body: runtimeEntry({ name: `${screen.name}Input`, schema: screen.input }) } } : {}),
    ...(may('update') ? { update: { operationId: operationId('update'), call: update, body: runtimeEntry({ name: `${screen.name}UpdateInput`, schema: screen.update }) } } : {}),
    ...(may('delete') ? { delete: { operationId: operationId('delete'), call: remove } } : {}),
    columns,
    // The first few fit beside the row's buttons; the rest wait under Columns.
    hiddenColumns: columns.slice(SHOWN_COLUMNS),
    ...(screen.search.length > 0 ? { search: { field: screen.search[0] } } : {}),
    // A button rather than a row click: a click on a row's Delete reaches the grid's row too.
    rowActions: [
      { id: 'details', label: 'Details' },
      ...(may('update') ? [{ id: 'edit', label: 'Edit' }] : []),
      ...(may('delete') ? [{ id: 'delete', label: 'Delete', danger: true }] : []),
    ],
    rowName: (row: DeclaredRow) => String(row[labelField] ?? row.id),
    form: {
      // The list's path (the scope's ids), which a relation's picker lists in.
      useData: ({ path }): DeclaredPath => path,
      schema: ({ row }) => (row ? screen.update : screen.input),
      // Relations come last: a related id is a picker even when its schema allows a long text.
      uiSchema: ({ data }) => ({ ...longTextUi(screen.input), ...relationUi({ screen, screens, path: data ?? {} }) }),
      fromRow: (row: DeclaredRow) => writable({ row, schema: screen.update }),
    },
    texts: {
      title: screen.title,
      subtitle: { one: `{n} ${noun} found`, other: `{n} ${nouns} found` },
      createButton: `+ Add ${noun}`,
      createTitle: `Add ${noun}`,
      createSubmit: `Create ${noun}`,
      editTitle: `Edit ${noun}`,
      deleteTitle: `Delete ${noun}`,
      deleteText: `Delete {${labelField}}? This cannot be undone.`,
    },
  });
}

export type DeclaredDescription = ReturnType<typeof declaredDescription>;
