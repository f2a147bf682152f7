// A collection's documents: list, get, create, update, delete and count, as the data API's paths.
import { call } from './http.ts';
import type { Transport } from './http.ts';

/** A document as the API answers it: the collection's public fields and the server's own. */
export type NindoDocument = Record<string, unknown> & { _id: string; _version?: number; _created?: string; _updated?: string };
/** A write body when no map types it. */
export type Body = Record<string, unknown>;

/** One collection's types as `nindo-data types` writes them: its document as read and its create input. */
export interface CollectionTypes {
  document: { _id: string };
  input: object;
}
/** Collection name to its types, e.g. the generated `Collections`. Mapped over its own keys, so an interface (no index signature) fits. */
export type CollectionMap<C> = { [N in keyof C]: CollectionTypes };
/** Without a map: any name, documents and bodies loosely typed. */
export type Loose = Record<string, { document: NindoDocument; input: Body }>;
export type NameOf<C> = keyof C & string;
export type DocumentOf<C extends CollectionMap<C>, N extends keyof C> = C[N]['document'];
export type InputOf<C extends CollectionMap<C>, N extends keyof C> = C[N]['input'];

export type Query = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface ListOptions {
  query?: Query;
  sort?: Sort;
  limit?: number;
  /** A page number from 1, or the `nextCursor` an earlier page answered (with the same query and sort). */
  page?: number;
  cursor?: string;
  expand?: string[];
}

export interface Page<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
  nextCursor: string | null;
}

export interface VersionOptions {
  /** The `_version` read: the write is refused with a ConflictError when the record changed since. */
  ifMatch?: number;
}

export interface Collection<T extends { _id: string } = NindoDocument, I extends object = Body> {
  list: (options?: ListOptions) => Promise<Page<T>>;
  get: (id: string, options?: { expand?: string[] }) => Promise<T>;
  create: (body: I) => Promise<T>;
  /** The fields to change (null removes an optional one). */
  update: (id: string, body: Partial<I>, options?: VersionOptions) => Promise<T>;
  delete: (id: string, options?: VersionOptions) => Promise<void>;
  count: (query?: Query) => Promise<number>;
}

const json = (value: object | undefined): string | undefined => (value === undefined ? undefined : JSON.stringify(value));
const ifMatchHeader = (options?: VersionOptions): Record<string, string> => (options?.ifMatch === undefined ? {} : { 'If-Match': `"${options.ifMatch}"` });

export function collectionOf<T extends { _id: string }, I extends object>({ transport, name }: { transport: Transport; name: string }): Collection<T, I> {
  const documents = `/collections/${encodeURIComponent(name)}/documents`;
  const one = (id: string): string => `${documents}/${encodeURIComponent(id)}`;
  return {
    list: async (options = {}) =>
      (
        await call<Page<T>>({
          transport,
          method: 'GET',
          path: documents,
          query: { query: json(options.query), sort: json(options.sort), limit: options.limit, page: options.page, cursor: options.cursor, expand: options.expand?.join(',') },
        })
      ).data,
    get: async (id, options = {}) => (await call<T>({ transport, method: 'GET', path: one(id), query: { expand: options.expand?.join(',') } })).data,
    create: async (body) => (await call<T>({ transport, method: 'POST', path: documents, body })).data,
    update: async (id, body, options) => (await call<T>({ transport, method: 'PUT', path: one(id), body, headers: ifMatchHeader(options) })).data,
    delete: async (id, options) => {
      await call<null>({ transport, method: 'DELETE', path: one(id), headers: ifMatchHeader(options) });
    },
    count: async (query) => (await call<{ count: number }>({ transport, method: 'GET', path: `/collections/${encodeURIComponent(name)}/count`, query: { query: json(query) } })).data.count,
  };
}

/** One batch operation, its body typed by its collection's name when a map is given. */
export type BatchOperation<C extends CollectionMap<C> = Loose> = {
  [N in NameOf<C>]:
    | { action: 'create'; collection: N; body: InputOf<C, N> }
    | { action: 'update'; collection: N; id: string; body: Partial<InputOf<C, N>>; ifMatch?: number }
    | { action: 'delete'; collection: N; id: string; ifMatch?: number };
}[NameOf<C>];

export interface BatchResult<C extends CollectionMap<C> = Loose> {
  status: number;
  /** The written document (of the operation's collection), null for a delete. */
  data: DocumentOf<C, NameOf<C>> | null;
}

/** Up to 100 operations across collections, checked all before any is written. */
export async function runBatch<C extends CollectionMap<C>>({ transport, operations }: { transport: Transport; operations: BatchOperation<C>[] }): Promise<BatchResult<C>[]> {
  return (await call<{ results: BatchResult<C>[] }>({ transport, method: 'POST', path: '/batch', body: { operations } })).data.results;
}
