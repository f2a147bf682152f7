// Which records a public caller's relations may point at (issue 36 item 11): those of the related
// collection its view rule lets the caller see. A record hidden from the caller is refused exactly
// as a missing one (409, '<Field>: document <id> not found in <collection>'), so a write cannot tell
// a record it may not read from one that does not exist.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { freshCollection } from '../collections';
import { documentStore } from '../model';
import type { CollectionDoc } from '../model';
import type { RelationCheck } from '../references';
import type { Caller } from './callers';
import { ruleFilter, within } from './rules';
import type { RuleScope } from './rules';

/** Ids looked up by one read: a long list is read a part at a time, the thread given back between parts. */
export const RELATION_LOOKUP_CHUNK = 500;

export interface Related {
  collection: CollectionDoc;
  scope: Exclude<RuleScope, { allow: 'none' }>;
}

/** The related collection and what its view rule lets the caller see; null when nothing (or no such collection). */
export async function relatedFor({ ctx, appId, name, caller }: { ctx: AppContext; appId: string; name?: string; caller: Caller }): Promise<Related | null> {
  if (!name) return null;
  let collection: CollectionDoc;
  try {
    collection = await freshCollection({ ctx, appId, name });
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
  const scope = ruleFilter({ collection, rule: 'view', caller });
  return scope.allow === 'none' ? null : { collection, scope };
}

/** The ids among `ids` of records the caller may view. */
export async function visibleIds({ ctx, related, ids }: { ctx: AppContext; related: Related; ids: string[] }): Promise<Set<string>> {
  const seen = new Set<string>();
  const store = documentStore(ctx, related.collection._id);
  for (let start = 0; start < ids.length; start += RELATION_LOOKUP_CHUNK) {
    if (start > 0) await nextTurn();
    const found = await store.find(within({ _id: { $in: ids.slice(start, start + RELATION_LOOKUP_CHUNK) } }, related.scope));
    for (const doc of found) seen.add(doc._id);
  }
  return seen;
}

/** The relation check of a single create or update by `caller`. */
export function visibleRelations({ ctx, appId, caller }: { ctx: AppContext; appId: string; caller: Caller }): RelationCheck {
  return async ({ field, values }) => {
    const related = await relatedFor({ ctx, appId, name: field.relation, caller });
    if (!related) return values;
    const seen = await visibleIds({ ctx, related, ids: values });
    return values.filter((id) => !seen.has(id));
  };
}
