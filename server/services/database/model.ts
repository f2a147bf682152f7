// Documents of the per-app database (spec 001 sections 3-5) and typed accessors to their store
// collections. A user collection's documents live in their own store collection `udb_<collectionId>`,
// so a rename moves nothing and unique or indexable fields get real engine indexes.
import type { AppContext } from '../../context';
import type { Collection } from '../../storage/port';
import { forgetCounts } from '../lists/count-cache';
import type { DbField } from '../../../generated/client/types.gen';

export const DB_DATABASES = 'dbDatabases';
export const DB_COLLECTIONS = 'dbCollections';

/** A collection's attribute (spec 001 section 3) as stored: always with its id. */
export type Field = DbField & { id: string; name: string; displayName: string };

/** Marks that an app's database exists; its _id is the appId. */
export interface DatabaseDoc {
  _id: string;
  appId: string;
  created: string;
  [key: string]: unknown;
}

export interface CollectionDoc {
  /** Random and stable across renames; names the documents' store collection. */
  _id: string;
  appId: string;
  /** The spec's identifier: lower case, hyphens. */
  name: string;
  displayName: string;
  attributes: Field[];
  created: string;
  updated: string;
  /** Browser origins (public/access-rules.ts); `read`/`write` on collections saved before issue 28. */
  access?: unknown;
  /** The five rules (public/rules/). */
  rules?: unknown;
  [key: string]: unknown;
}

/** A user document: its field values plus the three system fields. */
export interface DbDocument {
  _id: string;
  _created: string;
  _updated: string;
  [key: string]: unknown;
}

/** Who reads: the owner sees private fields; nobody ever sees password fields. */
export type DocumentView = 'owner' | 'public';

export const documentStoreName = (collectionId: string): string => `udb_${collectionId}`;

export const databases = (ctx: AppContext): Collection<DatabaseDoc> => ctx.store.collection<DatabaseDoc>(DB_DATABASES);
export const dbCollections = (ctx: AppContext): Collection<CollectionDoc> => ctx.store.collection<CollectionDoc>(DB_COLLECTIONS);
/**
 * Lock-free (port.ts, CollectionOptions): the public data API writes these documents, and no
 * request may wait for a lock an instance killed mid-write still holds (docs/storage.md).
 */
export const documentStore = (ctx: AppContext, collectionId: string): Collection<DbDocument> =>
  ctx.store.collection<DbDocument>(documentStoreName(collectionId), { lockFree: true });

/**
 * After every write to a collection's documents: its list totals are kept whatever their size
 * (countWithCache's keepSmall), so this process forgets them and never answers a total older than
 * its own last write (another instance's writes show within the 5 s a total is kept).
 */
export const forgetDocumentCounts = (ctx: AppContext, collectionId: string): void => forgetCounts({ ctx, name: documentStoreName(collectionId) });
