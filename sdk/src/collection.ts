// A collection's documents: list, get, create, update, delete and count, as the data API's paths.
import { call } from './http.ts';
import type { Transport } from './http.ts';

/** A document as the API answers it: the collection's public fields and the server's own. */
export type NindoDocument = Record<string, unknown> & { _id: string; _version?: number; _created?: string; _updated?: string };

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

export interface Collection<T extends NindoDocument = NindoDocument> {
  list: (options?: ListOptions) => Promise<Page<T>>;
  get: (id: string, options?: { expand?: string[] }) => Promise<T>;
  create: (body: Record<string, unknown>) => Promise<T>;
  update: (id: string, body: Record<string, unknown>, options?: VersionOptions) => Promise<T>;
  delete: (id: string, options?: VersionOptions) => Promise<void>;
  count: (query?: Query) => Promise<number>;
}

const json = (value: object | undefined): string | undefined => (value === undefined ? undefined : JSON.stringify(value));
const ifMatchHeader = (options?: VersionOptions): Record<string, string> => (options?.ifMatch === undefined ? {} : { 'If-Match': `"${options.ifMatch}"` });

export function collectionOf<T extends NindoDocument>({ transport, name }: { transport: Transport; name: string }): Collection<T> {
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

export type BatchOperation =
  | { action: 'create'; collection: string; body: Record<string, unknown> }
  | { action: 'update'; collection: string; id: string; body: Record<string, unknown>; ifMatch?: number }
  | { action: 'delete'; collection: string; id: string; ifMatch?: number };

export interface BatchResult {
  status: number;
  data: NindoDocument | null;
}

/** Up to 100 operations across collections, checked all before any is written. */
export async function runBatch({ transport, operations }: { transport: Transport; operations: BatchOperation[] }): Promise<BatchResult[]> {
  return (await call<{ results: BatchResult[] }>({ transport, method: 'POST', path: '/batch', body: { operations } })).data.results;
}
