// The stored subscriptions of a client as the hub tests changes against them.
import { parseQuery } from '../../lists/list-query';
import type { CollectionDoc } from '../model';
import { queryableFields } from '../view';
import type { CompiledSubscription } from './connection';
import { matcherOf } from './matches';
import type { StoredSubscription } from './model';

/** The stored subscriptions as the hub tests changes against; one whose collection or fields went away is dropped. */
export function compileSubscriptions({ subscriptions, collections }: { subscriptions: StoredSubscription[]; collections: Map<string, CollectionDoc> }): CompiledSubscription[] {
  const compiled: CompiledSubscription[] = [];
  for (const [at, subscription] of subscriptions.entries()) {
    const collection = collections.get(subscription.collectionId);
    if (!collection) continue;
    try {
      const filter = parseQuery({ text: subscription.query, fields: queryableFields({ collection, view: 'public' }) });
      // Named by its index in the set as POSTed when the client gave it no id, dropped ones counted.
      compiled.push({ name: subscription.id ?? at, collectionId: collection._id, docId: subscription.docId, matches: matcherOf(filter) });
    } catch {
      // A field the query named is gone or private now: the subscription matches nothing more.
    }
  }
  return compiled;
}
