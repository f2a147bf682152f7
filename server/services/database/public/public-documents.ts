// The public data API's paths: the caller is admitted under the collection's rule for the path
// (admission.ts, rules/), then the database services do the work inside the rule's scope, always
// with the public view (no private fields, never passwords).
import { ConflictError, ForbiddenError } from '../../../http/errors';
import { countDocuments, createDocument, deleteDocument, getDocument, StoredDataConflict, updateDocument } from '../documents';
import type { CollectionDoc, DbDocument } from '../model';
import { ACCESS_MESSAGES, authorise } from './admission';
import type { Admitted, PublicRequest } from './admission';
import { checkIndexedSort } from './public-query';
import { listWithCursor } from './cursor-page';
import { checkDeclaredBody } from './declared-bodies';
import { checkDeclaredQuery } from './declared-queries';
import type { CursorPage } from './cursor-page';
import { expandPublic } from './expand-public';
import { ownerOfWrite } from './record-owner';
import { visibleRelations } from './related-records';
import { recordMatches } from './rules';
import type { RuleName } from './rules';
import type { Caller } from './callers';
import { parseIfMatch } from '../versions';

export type { PublicRequest } from './admission';

const scopeFilter = ({ scope }: Admitted) => (scope.allow === 'some' ? scope.filter : undefined);

export async function listPublicDocuments(input: PublicRequest & { page?: number; limit?: number; query?: string; sort?: string; cursor?: string; expand?: string }): Promise<CursorPage> {
  const admitted = await authorise({ ...input, rule: 'list' });
  const { collection, caller } = admitted;
  checkDeclaredQuery({ collection, query: input.query });
  checkIndexedSort({ collection, sort: input.sort });
  const { ctx, page, limit, query, sort, cursor } = input;
  const found = await listWithCursor({ ctx, collection, page, limit, query, sort, cursor, scope: scopeFilter(admitted) });
  return { ...found, items: await expandPublic({ ctx, appId: input.appId, collection, caller, docs: found.items, expand: input.expand }) };
}

export async function countPublicDocuments(input: PublicRequest & { query?: string }): Promise<number> {
  const admitted = await authorise({ ...input, rule: 'list' });
  checkDeclaredQuery({ collection: admitted.collection, query: input.query });
  return countDocuments({ ctx: input.ctx, appId: input.appId, name: admitted.collection.name, found: admitted.collection, query: input.query, view: 'public', scope: scopeFilter(admitted) });
}

export async function getPublicDocument(input: PublicRequest & { docId: string; expand?: string }): Promise<DbDocument> {
  const admitted = await authorise({ ...input, rule: 'view' });
  const { collection, caller } = admitted;
  const doc = await getDocument({ ctx: input.ctx, appId: input.appId, name: collection.name, found: collection, docId: input.docId, view: 'public', scope: scopeFilter(admitted) });
  const [expanded] = await expandPublic({ ctx: input.ctx, appId: input.appId, collection, caller, docs: [doc], expand: input.expand });
  return expanded;
}

/**
 * The create rule is judged on the document as it would be stored, and the update rule on the
 * document as the update leaves it too (besides the one it changes), as PocketBase's
 * `@request.body` checks do: a write cannot move a record where its writer's rule does not reach.
 */
export function allowedBy({ collection, rule, caller }: { collection: CollectionDoc; rule: Extract<RuleName, 'create' | 'update'>; caller: Caller }): (doc: DbDocument) => void {
  const refused = rule === 'create' ? ACCESS_MESSAGES.createRefused : ACCESS_MESSAGES.updateRefused;
  return (doc) => {
    if (!recordMatches({ collection, rule, caller, doc })) throw new ForbiddenError(refused);
  };
}

/** A write the stored data refuses (unique value taken, relation or upload missing) is a conflict here: 409. */
export async function asConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    throw err instanceof StoredDataConflict ? new ConflictError(err.message, err.fieldErrors) : err;
  }
}

/** The `_id` a create's body gives (its schema checked the pattern already), or none: the server picks one. */
export const chosenId = (body: Record<string, unknown>): string | undefined => (typeof body._id === 'string' ? body._id : undefined);

export async function createPublicDocument(input: PublicRequest & { body: Record<string, unknown> }): Promise<DbDocument> {
  const { collection, caller } = await authorise({ ...input, rule: 'create' });
  checkDeclaredBody({ collection, mode: 'create', body: input.body });
  const owner = await ownerOfWrite({ ctx: input.ctx, appId: input.appId, caller, body: input.body, mode: 'create' });
  const allowed = allowedBy({ collection, rule: 'create', caller });
  const relations = visibleRelations({ ctx: input.ctx, appId: input.appId, caller });
  return asConflict(createDocument({ ctx: input.ctx, appId: input.appId, name: collection.name, found: collection, input: input.body, view: 'public', owner, allowed, relations, id: chosenId(input.body) }));
}

/** `expected`: the request's If-Match (versions.ts); a stale one answers 412 with the record as the caller may read it. */
/** `ifMatch`: the request's If-Match header, read once the caller is known (a stranger gets 401, not a 400 on it). */
export async function updatePublicDocument(input: PublicRequest & { docId: string; body: Record<string, unknown>; ifMatch?: string }): Promise<DbDocument> {
  const admitted = await authorise({ ...input, rule: 'update' });
  const expected = parseIfMatch(input.ifMatch);
  const { collection, caller } = admitted;
  checkDeclaredBody({ collection, mode: 'update', body: input.body });
  const owner = await ownerOfWrite({ ctx: input.ctx, appId: input.appId, caller, body: input.body, mode: 'update' });
  const allowed = allowedBy({ collection, rule: 'update', caller });
  const relations = visibleRelations({ ctx: input.ctx, appId: input.appId, caller });
  return asConflict(updateDocument({ ctx: input.ctx, appId: input.appId, name: collection.name, found: collection, docId: input.docId, input: input.body, view: 'public', owner, scope: scopeFilter(admitted), allowed, relations, expected }));
}

export async function deletePublicDocument(input: PublicRequest & { docId: string; ifMatch?: string }): Promise<void> {
  const admitted = await authorise({ ...input, rule: 'delete' });
  const expected = parseIfMatch(input.ifMatch);
  await deleteDocument({ ctx: input.ctx, appId: input.appId, name: admitted.collection.name, found: admitted.collection, docId: input.docId, scope: scopeFilter(admitted), expected, view: 'public' });
}
