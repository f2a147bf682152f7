// Setting a stream's subscriptions (POST .../live): the caller is told apart as on every public
// data call (its Authorization header or the portal session, never a token in a URL), each
// subscription is checked as a list of that collection with that query would be, and the set is
// stored on the client, so the instance holding the stream finds it whichever instance took the POST.
import type { AppContext } from '../../../context';
import { NotFoundError, ValidationError } from '../../../http/errors';
import { parseQuery } from '../../lists/list-query';
import type { CollectionDoc } from '../model';
import { queryableFields } from '../view';
import { collectionFor, scopeFor } from '../public/admission';
import { identifyCaller } from '../public/callers';
import { challengedOn401 } from '../public/challenge';
import { checkDeclaredQuery } from '../public/declared-queries';
import { meterRequest } from '../public/request-limits';
import type { CompiledSubscription } from './connection';
import { grantOf } from './grants';
import { matcherOf } from './matches';
import { liveClients } from './model';
import type { LiveClientDoc, Subscription } from './model';

export const LIVE_MESSAGES = {
  clientNotFound: 'Live client not found: open the stream (GET .../live) and send the clientId of its connect event',
  queryOrDocId: 'A subscription takes a query or a docId, not both',
};

/** A subscription as POSTed: its query is the filter itself, as a JSON object. */
export interface SubscriptionInput {
  collection: string;
  query?: Record<string, unknown>;
  docId?: string;
}

type StoredSubscription = Subscription & { collectionId: string };

/** Checks one subscription as a list of its collection would be checked; the collection it names. */
async function checked({ ctx, appId, input, at, caller }: { ctx: AppContext; appId: string; input: SubscriptionInput; at: number; caller: Awaited<ReturnType<typeof identifyCaller>>['caller'] }): Promise<StoredSubscription> {
  const subscription: Subscription = { collection: input.collection, ...(input.query ? { query: JSON.stringify(input.query) } : {}), ...(input.docId === undefined ? {} : { docId: input.docId }) };
  const collection = await collectionFor({ ctx, appId, name: subscription.collection, caller });
  // Refused as that list (or get, for one docId) would be; which records' events pass is visible-to.ts's.
  scopeFor({ collection, rule: subscription.docId === undefined ? 'list' : 'view', caller });
  if (subscription.query !== undefined && subscription.docId !== undefined) throw new ValidationError(LIVE_MESSAGES.queryOrDocId, { [`subscriptions.${at}`]: LIVE_MESSAGES.queryOrDocId });
  try {
    checkDeclaredQuery({ collection, query: subscription.query });
  } catch (err) {
    if (err instanceof ValidationError) throw new ValidationError(`Subscription ${at + 1}: ${err.message}`, { [`subscriptions.${at}.query`]: err.message });
    throw err;
  }
  return { ...subscription, collectionId: collection._id };
}

export async function setSubscriptions({
  ctx,
  appId,
  clientId,
  subscriptions,
  authorization,
  sessionUserId,
}: {
  ctx: AppContext;
  appId: string;
  clientId: string;
  subscriptions: SubscriptionInput[];
  authorization?: string;
  sessionUserId?: string;
}): Promise<LiveClientDoc> {
  return challengedOn401({ ctx, appId, authorization }, async () => {
    const { caller, counted } = await identifyCaller({ ctx, appId, authorization, sessionUserId });
    const stored: StoredSubscription[] = [];
    for (const [at, input] of subscriptions.entries()) stored.push(await checked({ ctx, appId, input, at, caller }));
    await meterRequest({ ctx, appId, counted });
    const grant = await grantOf({ ctx, appId, authorization });
    const doc = await liveClients(ctx).findOneAndUpdate(
      { _id: clientId, appId },
      { $set: { caller, subscriptions: stored, updated: ctx.now().toISOString(), ...(grant ? { grant } : {}) }, ...(grant ? {} : { $unset: { grant: true } }), $inc: { version: 1 } },
    );
    if (!doc) throw new NotFoundError(LIVE_MESSAGES.clientNotFound);
    return doc;
  });
}

/** The stored subscriptions as the hub tests changes against; one whose collection or fields went away is dropped. */
export function compileSubscriptions({ subscriptions, collections }: { subscriptions: Subscription[]; collections: Map<string, CollectionDoc> }): CompiledSubscription[] {
  const compiled: CompiledSubscription[] = [];
  for (const subscription of subscriptions as StoredSubscription[]) {
    const collection = collections.get(subscription.collectionId);
    if (!collection) continue;
    try {
      const filter = parseQuery({ text: subscription.query, fields: queryableFields({ collection, view: 'public' }) });
      compiled.push({ collectionId: collection._id, docId: subscription.docId, matches: matcherOf(filter) });
    } catch {
      // A field the query named is gone or private now: the subscription matches nothing more.
    }
  }
  return compiled;
}
