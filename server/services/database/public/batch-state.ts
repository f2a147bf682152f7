// What the operations before one in a batch left (issue 36 item 12): each operation is checked
// against the records as the earlier ones leave them, as PocketBase runs a batch in order inside
// its transaction, so `[delete X, update X]` refuses its second operation. Only the records the
// batch touches are kept; every other record is read from the store.
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { DATABASE_MESSAGES } from '../../../../rules/database';
import { documentStore } from '../model';
import type { CollectionDoc, DbDocument } from '../model';
import type { Caller } from './callers';
import { recordMatches } from './rules';
import type { RuleName, RuleScope } from './rules';

export interface BatchState {
  /** The record as an earlier operation left it: null once deleted, undefined when none touched it. */
  touched: (collectionId: string, id: string) => DbDocument | null | undefined;
  leave: (collectionId: string, id: string, doc: DbDocument | null) => void;
}

export function batchState(): BatchState {
  const collections = new Map<string, Map<string, DbDocument | null>>();
  return {
    touched: (collectionId, id) => collections.get(collectionId)?.get(id),
    leave: (collectionId, id, doc) => {
      const records = collections.get(collectionId) ?? new Map<string, DbDocument | null>();
      collections.set(collectionId, records.set(id, doc));
    },
  };
}

export const byId = (id: string, scope: RuleScope): Record<string, unknown> => (scope.allow === 'some' ? { $and: [{ _id: id }, scope.filter] } : { _id: id });

/** The record an update or delete acts on, within the caller's rule, as the batch so far leaves it; 404 as a single path answers. */
export async function recordInBatch({
  ctx,
  state,
  collection,
  id,
  rule,
  caller,
  scope,
}: {
  ctx: AppContext;
  state: BatchState;
  collection: CollectionDoc;
  id: string;
  rule: RuleName;
  caller: Caller;
  scope: RuleScope;
}): Promise<DbDocument> {
  const left = state.touched(collection._id, id);
  const found = left === undefined ? await documentStore(ctx, collection._id).findOne(byId(id, scope)) : left && recordMatches({ collection, rule, caller, doc: left }) ? left : null;
  if (!found) throw new NotFoundError(DATABASE_MESSAGES.documentNotFound);
  return found;
}
