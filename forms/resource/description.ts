// A resource screen as configuration: which generated operations list, read, create, update
// and delete the records, and what the schema cannot say (columns picked, default sort and
// page size, search field, row actions, texts). Columns, formats and form fields come from
// the JSON Schemas given here (generated/schemas, or built at run time); see docs/resource-screens.md.
import type { PluralText } from '../../rules/plural';
import type { SchemaEntry } from '../schemas';
import type { ColumnChoice } from './columns';
import type { ResourceForm } from './form';
import type { ListSort } from './list-query';

/** What a generated SDK function resolves with (hey-api, without throwOnError). */
export type SdkResult<T> = { data?: T; error?: unknown; response?: Response };

/** Any generated SDK function; its own types flow through ArgsOf and DataOf. */
export type Sdk = (options: never) => Promise<SdkResult<unknown>>;
/** A page of records as a list answers it: `docs`, or `items` (the database's documents). */
export type ListPage = { docs: unknown[]; total: number } | { items: unknown[]; total: number };
/** A page, or every record as a plain array (a list without paging: see ListOperation.clientSide). */
export type ListAnswer = ListPage | ReadonlyArray<unknown>;
/** A generated list function: answers the envelope of a page of records (or of all of them). */
export type ListSdk = (options: never) => Promise<SdkResult<{ data: ListAnswer }>>;

export type ArgsOf<F extends Sdk> = Parameters<F>[0];
export type DataOf<F extends Sdk> = NonNullable<Awaited<ReturnType<F>>['data']>;
type RowsOf<P> = P extends ReadonlyArray<infer R> ? R : P extends { docs: ReadonlyArray<infer R> } ? R : P extends { items: ReadonlyArray<infer R> } ? R : never;
export type RowOf<L extends ListSdk> = RowsOf<DataOf<L>['data']>;

/** The records of a page, whichever name the list gives them. */
export const rowsOf = (page: ListAnswer): ReadonlyArray<unknown> => (isAllRows(page) ? page : 'docs' in page ? page.docs : page.items);
/** How many records there are: the page's total, or the plain array's length. */
export const totalOf = (page: ListAnswer): number => (isAllRows(page) ? page.length : page.total);
function isAllRows(page: ListAnswer): page is ReadonlyArray<unknown> {
  return Array.isArray(page);
}
export type PathOf<L extends ListSdk> = ArgsOf<L> extends { path: infer P } ? P : Record<string, never>;

/** An operation by its operationId with its generated SDK function. */
export type Operation<F extends Sdk> = { operationId: string; call: F };
/** An operation that sends a body: `body` is the request schema its form renders. */
export type BodyOperation<F extends Sdk> = Operation<F> & { body: SchemaEntry };
/** A read operation with its generated query key (e.g. getAppUserQueryKey), shared with the page's cache. */
export type QueryOperation<F extends Sdk> = Operation<F> & { queryKey: (options: ArgsOf<F>) => ReadonlyArray<unknown> };
/** The list operation, with its generated query key (so the table caches and refreshes under it). */
export type ListOperation<L extends ListSdk> = Operation<L> & {
  queryKey: (options: { path: PathOf<L> }) => ReadonlyArray<unknown>;
  /** False for a list that takes no `query`/`sort` (the table then has no search and sorts nothing). */
  serverQuery?: boolean;
  /**
   * True for a list that answers every record as a plain array and takes no page, query or
   * sort: the table pages, sorts and searches it in the browser (forms/resource/local-page.ts).
   */
  clientSide?: boolean;
  /**
   * A list that takes its own query arguments instead of `query`/`sort` (the widgets' `search`
   * and `type`): builds them from the table's page, limit, search text and, with `sortable`,
   * the header's sort. The search box shows (with the description's `search`).
   */
  params?: (table: { page: number; limit: number; search: string; sort?: ListSort }) => QueryOf<L>;
  /** With `params`: the columns sort, on the server (the collaborator lists' `sort`). */
  sortable?: boolean;
  /** With `sortable`: only these columns sort (a declared resource's `sort` fields); default every one. */
  sortFields?: ReadonlyArray<string>;
};

/** The operation's `query` arguments (e.g. deleteCoupon's `{ platform }`). */
export type QueryOf<F extends Sdk> = NonNullable<ArgsOf<F>> extends { query?: infer Q } ? NonNullable<Q> : never;
/** The delete operation; `query` takes its query arguments from the row deleted. */
export type DeleteOperation<D extends Sdk, Row> = Operation<D> & { query?: (row: Row) => QueryOf<D> };

/** One element of an operation's array body (saveFeatures takes FeatureInput[]). */
export type ItemOf<S extends Sdk> = ArgsOf<S> extends { body: ReadonlyArray<infer I> } ? I : never;
/**
 * A whole-list save (PUT of every record) standing in for create, update and delete: the
 * popups and the delete change the list, which is sent whole. `toInput` turns a row back
 * into its element of the body. Field errors come back by position ('2.name').
 */
export type SaveAllOperation<S extends Sdk, Row> = Operation<S> & {
  /** The element's request schema, which the popups render (e.g. FeatureInputSchema). */
  body: SchemaEntry;
  toInput: (row: Row) => ItemOf<S>;
};

/**
 * Rows dragged into order (SortableList: a 120 ms press, or the keyboard) instead of a paged
 * table. `list`: the order is saved with the description's `saveAll`; `field`: each moved row
 * is updated (the `update` operation) with its new position in that field.
 */
export type ResourceReorder = { by: 'list' } | { by: 'field'; field: string };

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
  /** The create button (default: createTitle, else 'Add'), and the create form's submit (default 'Save'). */
  createButton?: string;
  createSubmit?: string;
  /** A toast when the whole list (clientSide) cannot be loaded. */
  loadFailed?: string;
  /** Under the title, in the forms that agree with the count; `{n}` is the number of records, e.g. '{n} Users found'. */
  subtitle?: PluralText;
  /** The table's empty state; defaults to the spec's 'Sorry, no items found'. */
  empty?: string;
  /** Toasts; when absent the server's message is shown. */
  created?: string;
  updated?: string;
  deleted?: string;
  /** Shown when a call fails and the server gives no message of its own. */
  failure?: string;
  /** Popup titles and the delete question; `{field}` in deleteText and deleted is the row's value. */
  createTitle?: string;
  editTitle?: string;
  deleteTitle?: string;
  deleteText?: string;
};

/** Type parameters past D: S the whole-list save, F the form's values, X the form's data (see ResourceForm). */
export type ResourceDescription<L extends ListSdk = ListSdk, G extends Sdk = Sdk, C extends Sdk = Sdk, U extends Sdk = Sdk, D extends Sdk = Sdk, S extends Sdk = Sdk, F = Record<string, unknown>, X = undefined> = {
  /**
   * The record schema (e.g. AppUserSchema from generated/schemas): columns and details come from
   * it. One known only at run time (a collection's documents, built from its fields) is a
   * runtimeEntry; the popups then take theirs from `form`.
   */
  schema: SchemaEntry;
  /** Property holding the record id (default 'id'). */
  idField?: string;
  /** Path parameter naming one record in get, update and delete (e.g. 'userId'). */
  idParam?: string;
  list: ListOperation<L>;
  get?: QueryOperation<G>;
  create?: BodyOperation<C>;
  update?: BodyOperation<U>;
  delete?: DeleteOperation<D, RowOf<L>>;
  saveAll?: SaveAllOperation<S, RowOf<L>>;
  /** Other operations a change makes stale (e.g. getPlan, whose plan carries the features). */
  alsoRefreshes?: ReadonlyArray<string>;
  /** Properties shown as columns, in order; default every scalar property. */
  columns?: ReadonlyArray<ColumnChoice>;
  /** Columns (fields) left out of the table until picked under Columns; still in the details. */
  hiddenColumns?: ReadonlyArray<string>;
  /** A column's text computed from the whole row (e.g. a discount in its unit) instead of its format. */
  cells?: Readonly<Record<string, (row: RowOf<L>) => string>>;
  /** Names a row in its buttons' accessible names: 'Edit {name}', 'Delete {name}', 'Move {name}'. */
  rowName?: (row: RowOf<L>) => string;
  reorder?: ResourceReorder;
  /** The create and edit popups beyond the body schema (see ResourceForm). */
  form?: ResourceForm<RowOf<L>, F, X>;
  sort?: ListSort;
  pageSize?: number;
  search?: ResourceSearch;
  /**
   * Default: edit when there is an update operation, delete when there is a delete one.
   * `duplicate` opens the create form filled with the row.
   */
  rowActions?: ReadonlyArray<RowAction>;
  /** The detail page's blocks of properties. */
  details?: ReadonlyArray<DetailSection>;
  /** Request fields shown but not editable once the record exists (e.g. a coupon's code). */
  readOnlyAfterCreate?: ReadonlyArray<string>;
  texts: ResourceTexts;
};

/** Checks a description and keeps its operations' own types (write `defineResource({...})`). */
export function defineResource<L extends ListSdk, G extends Sdk = Sdk, C extends Sdk = Sdk, U extends Sdk = Sdk, D extends Sdk = Sdk, S extends Sdk = Sdk, F = Record<string, unknown>, X = undefined>(
  description: ResourceDescription<L, G, C, U, D, S, F, X>,
): ResourceDescription<L, G, C, U, D, S, F, X> {
  return description;
}

export const EMPTY_TEXT = 'Sorry, no items found';

export function rowActionsOf(description: { rowActions?: ReadonlyArray<RowAction>; update?: object; delete?: object; saveAll?: object }): ReadonlyArray<RowAction> {
  if (description.rowActions) return description.rowActions;
  return [
    ...(description.update || description.saveAll ? [{ id: 'edit', label: 'Edit' }] : []),
    ...(description.delete || description.saveAll ? [{ id: 'delete', label: 'Delete', danger: true }] : []),
  ];
}
