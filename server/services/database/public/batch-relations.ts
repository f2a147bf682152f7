// The relations of a whole batch, checked with one lookup per related collection (issue 36 item 3)
// rather than one per operation and field: 100 creates naming the same 200 records read them once.
// Each operation then asks the batch's state first, so a relation to a record an earlier
// operation deleted, or changed out of the caller's view, is missing, as it would be in order.
import type { AppContext } from '../../../context';
import { ValidationError } from '../../../http/errors';
import { itemType } from '../field-types/array';
import type { CollectionDoc } from '../model';
import { referencedIds } from '../references';
import type { RelationCheck } from '../references';
import type { DataBatchOperation } from '../../../../generated/client/types.gen';
import { BATCH_MAX_RELATION_IDS, batchRelationsMessage } from './batch-limits';
import type { BatchState } from './batch-state';
import type { Caller } from './callers';
import { relatedFor, visibleIds } from './related-records';
import type { Related } from './related-records';
import { recordMatches } from './rules';

interface Known {
  related: Related;
  /** The ids the batch names that the caller may view, as stored before the batch. */
  visible: Set<string>;
}

/** Related collection name -> the ids the batch's bodies name there; over the bound, a 400 before anything is read. */
async function namedIds({ operations, collectionOf }: { operations: DataBatchOperation[]; collectionOf: (op: DataBatchOperation) => Promise<CollectionDoc> }): Promise<Map<string, Set<string>>> {
  const wanted = new Map<string, Set<string>>();
  let carried = 0;
  for (const op of operations) {
    // An unknown collection is that operation's refusal, in its turn.
    const collection = op.body ? await collectionOf(op).catch(() => null) : null;
    for (const field of collection?.attributes ?? []) {
      if (itemType(field) !== 'relation' || !field.relation) continue;
      const ids = referencedIds(op.body?.[field.name]);
      carried += ids.length;
      const set = wanted.get(field.relation) ?? new Set<string>();
      for (const id of ids) set.add(id);
      wanted.set(field.relation, set);
    }
  }
  if (carried > BATCH_MAX_RELATION_IDS) {
    const message = batchRelationsMessage(carried);
    throw new ValidationError(message, { operations: message });
  }
  return wanted;
}

export async function batchRelations({
  ctx,
  appId,
  caller,
  operations,
  collectionOf,
  state,
}: {
  ctx: AppContext;
  appId: string;
  caller: Caller;
  operations: DataBatchOperation[];
  collectionOf: (op: DataBatchOperation) => Promise<CollectionDoc>;
  state: BatchState;
}): Promise<RelationCheck> {
  const known = new Map<string, Known | null>();
  for (const [name, ids] of await namedIds({ operations, collectionOf })) {
    const related = await relatedFor({ ctx, appId, name, caller });
    known.set(name, related && { related, visible: await visibleIds({ ctx, related, ids: [...ids] }) });
  }
  return async ({ field, values }) => {
    const entry = field.relation ? known.get(field.relation) : undefined;
    if (!entry) return values;
    const { collection } = entry.related;
    return values.filter((id) => {
      const left = state.touched(collection._id, id);
      return left === undefined ? !entry.visible.has(id) : !(left && recordMatches({ collection, rule: 'view', caller, doc: left }));
    });
  };
}
