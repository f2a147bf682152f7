// The public data API's rules: the app exists, the caller is known and metered, the collection's
// access rules let them in; then the database services do the work, always with the public view
// (no private fields, never passwords).
import type { AppContext } from '../../../context';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../../http/errors';
import { findCollection } from '../collections';
import { countDocuments, createDocument, deleteDocument, getDocument, StoredDataConflict, updateDocument } from '../documents';
import type { CollectionDoc, DbDocument } from '../model';
import { accessOf, allows } from './access-rules';
import type { Operation } from './access-rules';
import { identifyCaller } from './callers';
import { challengedOn401 } from './challenge';
import { meterRequest } from './request-limits';
import { checkIndexedSort } from './public-query';
import { listWithCursor } from './cursor-page';
import { checkDeclaredBody } from './declared-bodies';
import { checkDeclaredQuery } from './declared-queries';
import type { CursorPage } from './cursor-page';

export const ACCESS_MESSAGES = {
  missingCredentials: 'Missing credentials',
  appOnly: 'This collection is open to its app only',
};

/** Where the request came from: the path's app and collection, the Authorization header, the portal session. */
export interface PublicRequest {
  ctx: AppContext;
  appId: string;
  collection: string;
  authorization?: string;
  sessionUserId?: string;
}

/** Every 401 carries the data API's WWW-Authenticate challenge. */
const authorise = (input: PublicRequest & { operation: Operation }): Promise<CollectionDoc> => challengedOn401(input, () => admit(input));

async function admit({ ctx, appId, collection: name, authorization, sessionUserId, operation }: PublicRequest & { operation: Operation }): Promise<CollectionDoc> {
  const { caller, counted } = await identifyCaller({ ctx, appId, authorization, sessionUserId });
  let collection: CollectionDoc;
  try {
    collection = await findCollection({ ctx, appId, name });
  } catch (err) {
    // Anonymous callers learn nothing of which names exist.
    if (err instanceof NotFoundError && caller.kind === 'anonymous') throw new UnauthorizedError(ACCESS_MESSAGES.missingCredentials);
    throw err;
  }
  if (allows({ access: accessOf(collection), operation, caller })) {
    // Metered once admitted: refused calls by anybody must not use up the app's requests.
    await meterRequest({ ctx, appId, counted });
    return collection;
  }
  if (caller.kind === 'anonymous') throw new UnauthorizedError(ACCESS_MESSAGES.missingCredentials);
  throw new ForbiddenError(ACCESS_MESSAGES.appOnly);
}

export async function listPublicDocuments(input: PublicRequest & { page?: number; limit?: number; query?: string; sort?: string; cursor?: string }): Promise<CursorPage> {
  const collection = await authorise({ ...input, operation: 'read' });
  checkDeclaredQuery({ collection, query: input.query });
  checkIndexedSort({ collection, sort: input.sort });
  const { ctx, page, limit, query, sort, cursor } = input;
  return listWithCursor({ ctx, collection, page, limit, query, sort, cursor });
}

export async function countPublicDocuments(input: PublicRequest & { query?: string }): Promise<number> {
  const collection = await authorise({ ...input, operation: 'read' });
  checkDeclaredQuery({ collection, query: input.query });
  return countDocuments({ ctx: input.ctx, appId: input.appId, name: collection.name, query: input.query, view: 'public' });
}

export async function getPublicDocument(input: PublicRequest & { docId: string }): Promise<DbDocument> {
  const collection = await authorise({ ...input, operation: 'read' });
  return getDocument({ ctx: input.ctx, appId: input.appId, name: collection.name, docId: input.docId, view: 'public' });
}

/** A write the stored data refuses (unique value taken, relation or upload missing) is a conflict here: 409. */
async function asConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    throw err instanceof StoredDataConflict ? new ConflictError(err.message, err.fieldErrors) : err;
  }
}

export async function createPublicDocument(input: PublicRequest & { body: Record<string, unknown> }): Promise<DbDocument> {
  const collection = await authorise({ ...input, operation: 'write' });
  checkDeclaredBody({ collection, mode: 'create', body: input.body });
  return asConflict(createDocument({ ctx: input.ctx, appId: input.appId, name: collection.name, input: input.body, view: 'public' }));
}

export async function updatePublicDocument(input: PublicRequest & { docId: string; body: Record<string, unknown> }): Promise<DbDocument> {
  const collection = await authorise({ ...input, operation: 'write' });
  checkDeclaredBody({ collection, mode: 'update', body: input.body });
  return asConflict(updateDocument({ ctx: input.ctx, appId: input.appId, name: collection.name, docId: input.docId, input: input.body, view: 'public' }));
}

export async function deletePublicDocument(input: PublicRequest & { docId: string }): Promise<void> {
  const collection = await authorise({ ...input, operation: 'write' });
  await deleteDocument({ ctx: input.ctx, appId: input.appId, name: collection.name, docId: input.docId });
}
