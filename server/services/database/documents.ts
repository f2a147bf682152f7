// Documents of a collection (spec 001 sections 3-5, 9). Callers pass an already authorised appId.
// Every write is checked whole before anything is stored: types and rules (validate-document.ts),
// then relations and uploads (references.ts); uniqueness is the engine's index, whose refusal
// becomes the field's error.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { FieldErrors } from '../../http/errors';
import { DuplicateKeyError } from '../../storage/port';
import type { Filter, Json } from '../../storage/port';
import { DATABASE_MESSAGES } from '../../../rules/database';
import { parseQuery, parseSort } from '../lists/list-query';
import { findPage } from '../lists/paging';
import { findCollection } from './collections';
import { expandDocuments } from './expand';
import { documentStore, documentStoreName, forgetDocumentCounts } from './model';
import type { CollectionDoc, DbDocument, DocumentView } from './model';
import { checkReferences } from './references';
import type { RelationCheck } from './references';
import { labelOf, typeDef, validateDocument } from './validate-document';
import type { WriteMode } from './validate-document';
import { queryableFields, viewDocument } from './view';
import { admittedDocumentWrite, documentBytes } from './quotas';
import { recordChange } from './live/record-change';
import { checkExpected, raised, staleError, versionStep, withVersion } from './versions';
import type { Expected } from './versions';

export interface DocumentPage {
  items: DbDocument[];
  page: number;
  pages: number;
  total: number;
}

interface Target {
  ctx: AppContext;
  appId: string;
  /** The collection's name (or id). */
  name: string;
  /** The collection as the caller read it already (a public call's admission): not read again. */
  found?: CollectionDoc;
}

const collectionOf = ({ ctx, appId, name, found }: Target): Promise<CollectionDoc> => (found ? Promise.resolve(found) : findCollection({ ctx, appId, name }));

/** Spec 001 section 9. */
export const DOCUMENTS_PAGE_SIZE = 10;
export const DOCUMENTS_DEFAULT_SORT = { _created: -1 } as const;

async function answer({ ctx, appId, collection, docs, view, expand = [] }: { ctx: AppContext; appId: string; collection: CollectionDoc; docs: DbDocument[]; view: DocumentView; expand?: string[] }): Promise<DbDocument[]> {
  const viewed = docs.map((doc) => viewDocument({ doc, collection, view }));
  return expand.length > 0 ? expandDocuments({ ctx, appId, collection, docs: viewed, expand, view }) : viewed;
}

export async function listDocuments({
  ctx,
  appId,
  name,
  page = 1,
  limit = DOCUMENTS_PAGE_SIZE,
  query,
  sort,
  view,
  expand,
}: Target & { page?: number; limit?: number; query?: string; sort?: string; view: DocumentView; expand?: string[] }): Promise<DocumentPage> {
  const collection = await findCollection({ ctx, appId, name });
  const fields = queryableFields({ collection, view });
  const filter = parseQuery({ text: query, fields });
  const order = parseSort({ text: sort, fields, defaultSort: { ...DOCUMENTS_DEFAULT_SORT } });
  const found = await findPage({ ctx, name: documentStoreName(collection._id), collection: documentStore(ctx, collection._id), scope: {}, filter, sort: order, page, limit, keepSmallTotals: true });
  const items = await answer({ ctx, appId, collection, docs: found.docs, view, expand });
  return { items, page: found.page, pages: found.pages, total: found.total };
}

export async function countDocuments({ ctx, appId, name, found, query, view = 'owner', scope }: Target & { query?: string; view?: DocumentView; scope?: Filter }): Promise<number> {
  const collection = await collectionOf({ ctx, appId, name, found });
  const filter = parseQuery({ text: query, fields: queryableFields({ collection, view }) });
  return documentStore(ctx, collection._id).count(scope ? { $and: [filter, scope] } : filter);
}

/** `scope`: what the caller's rule lets them reach (public/rules); a document outside it is missing. */
const scoped = (docId: string, scope?: Filter): Filter => (scope ? { $and: [{ _id: docId }, scope] } : { _id: docId });

async function findDocument({ ctx, collection, docId, scope }: { ctx: AppContext; collection: CollectionDoc; docId: string; scope?: Filter }): Promise<DbDocument> {
  const doc = await documentStore(ctx, collection._id).findOne(scoped(docId, scope));
  if (!doc) throw new NotFoundError(DATABASE_MESSAGES.documentNotFound);
  return doc;
}

export async function getDocument({ ctx, appId, name, found, docId, view, expand, scope }: Target & { docId: string; view: DocumentView; expand?: string[]; scope?: Filter }): Promise<DbDocument> {
  const collection = await collectionOf({ ctx, appId, name, found });
  const [doc] = await answer({ ctx, appId, collection, docs: [await findDocument({ ctx, collection, docId, scope })], view, expand });
  return doc;
}

const firstError = (fieldErrors: FieldErrors): string | undefined => Object.values(fieldErrors)[0];

/**
 * A write its fields' rules accept that the stored data refuses: a value a unique field holds
 * already, a relation or an upload that does not exist. A field error (400) on the owner's
 * screens; the public data API answers it 409 (docs/public-data-api.md).
 */
export class StoredDataConflict extends ValidationError {}

const idTaken = (): StoredDataConflict => new StoredDataConflict(DATABASE_MESSAGES.documentIdTaken, { _id: DATABASE_MESSAGES.documentIdTaken });

/** The whole write checked: rules first, then what it points at; values as stored (passwords hashed). */
export async function checkedWrite({
  ctx,
  appId,
  collection,
  input,
  mode,
  relations,
}: {
  ctx: AppContext;
  appId: string;
  collection: CollectionDoc;
  input: Record<string, unknown>;
  mode: WriteMode;
  /** Which relations the writer may point at (public/related-records.ts); any existing record by default. */
  relations?: RelationCheck;
}): Promise<{ set: Record<string, Json>; unset: string[] }> {
  if (collection.attributes.length === 0) throw new ValidationError(DATABASE_MESSAGES.noFields);
  const { value, unset, fieldErrors, message } = validateDocument({ collection, input, mode });
  if (message) throw new ValidationError(message, fieldErrors);
  const missing = await checkReferences({ ctx, appId, collection, value, relations });
  const refused = firstError(missing);
  if (refused) throw new StoredDataConflict(refused, missing);
  const set: Record<string, Json> = {};
  for (const field of collection.attributes) {
    const v = value[field.name];
    if (v === undefined) continue;
    const toStored = typeDef(field).toStored;
    set[field.name] = toStored ? (Array.isArray(v) ? await Promise.all(v.map(toStored)) : await toStored(v)) : v;
  }
  return { set, unset };
}

/** The engine's unique index refused the write: the field's own error, not a 500. */
export function uniqueError({ collection, err }: { collection: CollectionDoc; err: DuplicateKeyError }): ValidationError {
  if (err.fields.includes('_id')) return idTaken();
  const field = collection.attributes.find((f) => err.fields.includes(f.name));
  const message = field ? `${labelOf(field)} is already used by another document` : 'This value is already used by another document';
  return new StoredDataConflict(message, { [field?.name ?? err.fields[0] ?? 'document']: message });
}

const duplicateAsFieldError =
  (collection: CollectionDoc) =>
  (err: unknown): never => {
    throw err instanceof DuplicateKeyError ? uniqueError({ collection, err }) : err;
  };

/** A new document as it will be stored, `owner` the app user it belongs to (issue 28); `id` one the client chose. */
export function newDocument({ ctx, set, owner, id }: { ctx: AppContext; set: Record<string, Json>; owner?: string | null; id?: string }): DbDocument {
  const now = ctx.now().toISOString();
  return { ...set, _id: id ?? randomUUID(), _created: now, _updated: now, _version: 1, ...(owner ? { _owner: owner } : {}) };
}

/** A client's id already taken, seen before the write so the answer says so (the engine's index still holds a race). */
export async function checkIdFree({ ctx, collection, id }: { ctx: AppContext; collection: CollectionDoc; id?: string }): Promise<void> {
  if (id !== undefined && (await documentStore(ctx, collection._id).findOne({ _id: id }))) throw idTaken();
}

export async function createDocument({
  ctx,
  appId,
  name,
  found,
  input,
  view,
  owner,
  allowed,
  relations,
  id,
}: Target & { input: Record<string, unknown>; view: DocumentView; owner?: string | null; allowed?: (doc: DbDocument) => void; relations?: RelationCheck; id?: string }): Promise<DbDocument> {
  const collection = await collectionOf({ ctx, appId, name, found });
  const { set } = await checkedWrite({ ctx, appId, collection, input, mode: 'create', relations });
  await checkIdFree({ ctx, collection, id });
  const doc = newDocument({ ctx, set, owner, id });
  // The create rule is judged on the document as it would be stored.
  allowed?.(doc);
  // Committed with the other creates of this turn (one transaction), answered once stored.
  const write = () => documentStore(ctx, collection._id).insertOne(doc, { groupCommit: true }).catch(duplicateAsFieldError(collection));
  await admittedDocumentWrite({ ctx, appId, add: { documents: 1, bytes: documentBytes(doc) }, write });
  forgetDocumentCounts(ctx, collection._id);
  await recordChange({ ctx, appId, collection, type: 'created', doc });
  return viewDocument({ doc, collection, view });
}

/** The document an update leaves, as the engine builds it (top-level $set and $unset). */
export function applied({ doc, set, unset }: { doc: DbDocument; set: Record<string, unknown>; unset: string[] }): DbDocument {
  const next = Object.entries({ ...doc, ...set }).filter(([field]) => !unset.includes(field));
  return Object.fromEntries(next) as DbDocument;
}

export interface DocumentUpdate {
  $set: Record<string, Json>;
  $unset?: Record<string, true>;
  $inc?: Record<string, number>;
}

/**
 * The engine's update of a checked write, raising the version as `current` and `expected` ask
 * (versions.ts); `owner` a string gives the document to that user, null takes it back. The filter
 * must then hold `pinned` (withVersion).
 */
export function documentUpdate({ ctx, set, unset, owner, current, expected }: { ctx: AppContext; set: Record<string, Json>; unset: string[]; owner?: string | null; current: DbDocument; expected?: Expected }): { update: DocumentUpdate; pinned?: number } {
  const removed = owner === null ? [...unset, '_owner'] : unset;
  const { pinned, raise } = versionStep({ current, expected });
  const update: DocumentUpdate = {
    $set: { ...set, ...(owner ? { _owner: owner } : {}), _updated: ctx.now().toISOString(), ...('$set' in raise ? raise.$set : {}) },
    ...('$inc' in raise ? { $inc: raise.$inc } : {}),
    ...(removed.length > 0 ? { $unset: Object.fromEntries(removed.map((f) => [f, true as const])) } : {}),
  };
  return { update, pinned };
}

/** The document an update leaves, from the one before it: its $set and $unset applied, its version raised. */
export const leftByUpdate = (update: DocumentUpdate) => (before: DbDocument): DbDocument => raised(applied({ doc: before, set: update.$set, unset: Object.keys(update.$unset ?? {}) }), before);

export async function updateDocument({
  ctx,
  appId,
  name,
  found,
  docId,
  input,
  view,
  owner,
  scope,
  allowed,
  relations,
  expected,
}: Target & {
  docId: string;
  input: Record<string, unknown>;
  view: DocumentView;
  owner?: string | null;
  scope?: Filter;
  /** If-Match: the version the record must still have (412 otherwise), or `*` (it must exist). */
  expected?: Expected;
  /** Throws when the document as the update leaves it may not be written (the public API's update rule). */
  allowed?: (after: DbDocument) => void;
  relations?: RelationCheck;
}): Promise<DbDocument> {
  const collection = await collectionOf({ ctx, appId, name, found });
  const current = await findDocument({ ctx, collection, docId, scope });
  const show = (doc: DbDocument): DbDocument => viewDocument({ doc, collection, view });
  checkExpected({ current, expected, show });
  const { set, unset } = await checkedWrite({ ctx, appId, collection, input, mode: 'update', relations });
  const { update, pinned } = documentUpdate({ ctx, set, unset, owner, current, expected });
  const leftBy = leftByUpdate(update);
  allowed?.(leftBy(current));
  // Judged on the document just read; counted as the one the update really changed (a parallel
  // update may have come between), so the app's byte counter stays exact.
  const growth = (doc: DbDocument | null): number => (doc ? documentBytes(leftBy(doc)) - documentBytes(doc) : 0);
  const write = () => documentStore(ctx, collection._id).findOneAndUpdate(withVersion(scoped(docId, scope), pinned), update, { returnDocument: 'before', ...(typeof expected === 'number' ? { claim: `${docId}#${expected}` } : {}) }).catch(duplicateAsFieldError(collection));
  const before = await admittedDocumentWrite({ ctx, appId, add: { documents: 0, bytes: growth(current) }, write, settle: (doc) => ({ documents: 0, bytes: growth(doc) }) });
  forgetDocumentCounts(ctx, collection._id);
  if (!before) {
    const now = await findDocument({ ctx, collection, docId, scope });
    // Without If-Match, a record stored before versions that another writer raised meanwhile:
    // written again, now unpinned (it has a version), so last write wins as it always did.
    if (typeof expected !== 'number' && typeof now._version === 'number') return updateDocument({ ctx, appId, name, found: collection, docId, input, view, owner, scope, allowed, relations, expected });
    throw staleError(show(now));
  }
  const after = leftBy(before);
  await recordChange({ ctx, appId, collection, type: 'updated', doc: after, before });
  return viewDocument({ doc: after, collection, view });
}

export async function deleteDocument({ ctx, appId, name, found, docId, scope, expected, view = 'owner' }: Target & { docId: string; scope?: Filter; expected?: Expected; view?: DocumentView }): Promise<void> {
  const collection = await collectionOf({ ctx, appId, name, found });
  const pinned = typeof expected === 'number' ? expected : undefined;
  const write = () => documentStore(ctx, collection._id).findOneAndDelete(withVersion(scoped(docId, scope), pinned), pinned === undefined ? {} : { claim: `${docId}#${pinned}` });
  const settle = (doc: DbDocument | null) => (doc ? { documents: -1, bytes: -documentBytes(doc) } : { documents: 0, bytes: 0 });
  const deleted = await admittedDocumentWrite({ ctx, appId, add: { documents: 0, bytes: 0 }, write, settle });
  forgetDocumentCounts(ctx, collection._id);
  if (!deleted) {
    // Still there under the scope: only its version kept it (If-Match), so 412 with it as it is.
    const now = pinned === undefined ? null : await documentStore(ctx, collection._id).findOne(scoped(docId, scope));
    throw now ? staleError(viewDocument({ doc: now, collection, view })) : new NotFoundError(DATABASE_MESSAGES.documentNotFound);
  }
  await recordChange({ ctx, appId, collection, type: 'deleted', doc: deleted });
}
