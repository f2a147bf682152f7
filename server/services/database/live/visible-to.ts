// The one decision of who sees a record's event: a subscriber gets an event only for a record its
// rules let it read at that moment. Today the collection's read rule decides for every record.
// Seam (issue 28): when per-record rules land, this becomes their `recordMatches({ collection,
// rule, caller, doc })` with rule 'view' for a docId subscription and 'list' for the others.
import type { CollectionDoc } from '../model';
import { accessOf, allows } from '../public/access-rules';
import type { LiveCaller } from './model';

export function visibleTo({ collection, caller }: { collection: CollectionDoc; caller: LiveCaller; rule: 'list' | 'view'; doc: Record<string, unknown> }): boolean {
  return allows({ access: accessOf(collection), operation: 'read', caller });
}
