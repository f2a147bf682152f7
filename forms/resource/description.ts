// A resource screen as configuration: which generated operations list, read, create, update
// and delete the records, and what the schema cannot say (columns picked, default sort and
// page size, search field, row actions, texts). Columns, formats and form fields come from
// the JSON Schemas named here; see docs/resource-screens.md.
import type { ColumnChoice } from './columns';
import type { ListSort } from './list-query';

/** What a generated SDK function resolves with (hey-api, without throwOnError). */
export type SdkResult<T> = { data?: T; error?: unknown; response?: Response };

/** Any generated SDK function; its own types flow through ArgsOf and DataOf. */
export type Sdk = (options: never) => Promise<SdkResult<unknown>>;
/** A generated list function: answers the envelope of a page of records. */
export type ListSdk = (options: never) => Promise<SdkResult<{ data: { docs: unknown[]; total: number } }>>;

export type ArgsOf<F extends Sdk> = Parameters<F>[0];
export type DataOf<F extends Sdk> = NonNullable<Awaited<ReturnType<F>>['data']>;
export type RowOf<L extends ListSdk> = DataOf<L>['data']['docs'][number];
export type PathOf<L extends ListSdk> = ArgsOf<L> extends { path: infer P } ? P : Record<string, never>;

/** An operation by its operationId with its generated SDK function. */
export type Operation<F extends Sdk> = { operationId: string; call: F };
/** An operation that sends a body: `body` names the request schema its form renders. */
export type BodyOperation<F extends Sdk> = Operation<F> & { body: string };
/** A read operation with its generated query key (e.g. getAppUserQueryKey), shared with the page's cache. */
export type QueryOperation<F extends Sdk> = Operation<F> & { queryKey: (options: ArgsOf<F>) => ReadonlyArray<unknown> };
/** The list operation, with its generated query key (so the table caches and refreshes under it). */
export type ListOperation<L extends ListSdk> = Operation<L> & {
  queryKey: (options: { path: PathOf<L> }) => ReadonlyArray<unknown>;
  /** False for a list that takes no `query`/`sort` (the table then has no search and sorts nothing). */
  serverQuery?: boolean;
};

export type SearchChoice = { field: string; exact?: boolean };
export type ResourceSearch = SearchChoice & {
  /** Other columns the user may search instead (a select beside the box). */
  choices?: ReadonlyArray<SearchChoice>;
};

/** A block of a detail page: a title and the record's properties shown in it. */
export type DetailSection = { title: string; fields: ReadonlyArray<string> };

/** A button on each row. `edit` and `delete` open the resource's own popups. */
export type RowAction = { id: string; label: string; danger?: boolean };

export type ResourceTexts = {
  title: string;
  /** Under the title; `{n}` is the number of records, e.g. '{n} Users found'. */
  subtitle?: string;
  /** The table's empty state; defaults to the spec's 'Sorry, no items found'. */
  empty?: string;
  /** Toasts; when absent the server's message is shown. */
  created?: string;
  updated?: string;
  deleted?: string;
  /** Shown when a call fails and the server gives no message of its own. */
  failure?: string;
  /** Popup titles and the delete question. */
  createTitle?: string;
  editTitle?: string;
  deleteTitle?: string;
  deleteText?: string;
};

export type ResourceDescription<L extends ListSdk = ListSdk, G extends Sdk = Sdk, C extends Sdk = Sdk, U extends Sdk = Sdk, D extends Sdk = Sdk> = {
  /** The record schema's OpenAPI name (e.g. 'AppUser'): columns and details come from it. */
  schema: string;
  /** Property holding the record id (default 'id'). */
  idField?: string;
  /** Path parameter naming one record in get, update and delete (e.g. 'userId'). */
  idParam?: string;
  list: ListOperation<L>;
  get?: QueryOperation<G>;
  create?: BodyOperation<C>;
  update?: BodyOperation<U>;
  delete?: Operation<D>;
  /** Properties shown as columns, in order; default every scalar property. */
  columns?: ReadonlyArray<ColumnChoice>;
  sort?: ListSort;
  pageSize?: number;
  search?: ResourceSearch;
  /** Default: edit when there is an update operation, delete when there is a delete one. */
  rowActions?: ReadonlyArray<RowAction>;
  /** The detail page's blocks of properties. */
  details?: ReadonlyArray<DetailSection>;
  /** Request fields shown but not editable once the record exists (e.g. a coupon's code). */
  readOnlyAfterCreate?: ReadonlyArray<string>;
  texts: ResourceTexts;
};

/** Checks a description and keeps its operations' own types (write `defineResource({...})`). */
export function defineResource<L extends ListSdk, G extends Sdk = Sdk, C extends Sdk = Sdk, U extends Sdk = Sdk, D extends Sdk = Sdk>(description: ResourceDescription<L, G, C, U, D>): ResourceDescription<L, G, C, U, D> {
  return description;
}

export const EMPTY_TEXT = 'Sorry, no items found';

export function rowActionsOf(description: Pick<ResourceDescription, 'rowActions' | 'update' | 'delete'>): ReadonlyArray<RowAction> {
  if (description.rowActions) return description.rowActions;
  return [
    ...(description.update ? [{ id: 'edit', label: 'Edit' }] : []),
    ...(description.delete ? [{ id: 'delete', label: 'Delete', danger: true }] : []),
  ];
}
