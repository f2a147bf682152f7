// The one decision of who sees a record's event: a subscriber gets an event only for a record the
// collection's rules let it read at that moment (rules/, issue 28): `view` for a docId
// subscription, `list` for the others; the app passes every rule. A `reset` names no record: it
// reaches a subscriber whose rule lets it reach any record of the collection.
import type { CollectionDoc } from '../model';
import { recordMatches, ruleFilter } from '../public/rules';
import type { LiveCaller } from './model';

export function visibleTo({ collection, caller, rule, doc }: { collection: CollectionDoc; caller: LiveCaller; rule: 'list' | 'view'; doc?: Record<string, unknown> }): boolean {
  if (!doc) return ruleFilter({ collection, rule, caller }).allow !== 'none';
  return recordMatches({ collection, rule, caller, doc });
}
