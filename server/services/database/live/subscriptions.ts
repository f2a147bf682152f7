// Setting a stream's subscriptions (POST .../live): the caller is told apart as on every public
// data call (its Authorization header or the portal session, never a token in a URL), each
// subscription is checked as a list of that collection with that query would be, and the set is
// stored on the client, so the instance holding the stream finds it whichever instance took the POST.
// The first POST for a client id stores it with its caller, who owns it from then on: a POST by
// anyone else is refused (a stream's subscriptions are not another caller's to replace).
import type { AppContext } from '../../../context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../http/errors';
import { DuplicateKeyError } from '../../../storage/port';
import { INPUT_LIMIT_MESSAGES, MAX_QUERY_LENGTH } from '../../../../rules/input-limits';
import { checkQueryLimits } from '../../lists/list-query';
import { accessOf } from '../public/access-rules';
import { collectionFor, scopeFor } from '../public/admission';
import { identifyCaller } from '../public/callers';
import { challengedOn401 } from '../public/challenge';
import { checkDeclaredQuery } from '../public/declared-queries';
import { meterRequest } from '../public/request-limits';
import { holderOf } from './client-id';
import { grantOf } from './grants';
import type { LiveGrant } from './grants';
import { mayHold } from './hub';
import { liveClients } from './model';
import type { LiveCaller, LiveClientDoc, StoredSubscription, Subscription } from './model';

export const LIVE_MESSAGES = {
  clientNotFound: 'Live client not found: open the stream (GET .../live) and send the clientId of its connect event',
  queryOrDocId: 'A subscription takes a query or a docId, not both',
  idTaken: (id: string, first: number): string => `The id ${JSON.stringify(id)} is subscription ${first + 1}'s already: give each subscription its own`,
  otherCaller: 'This stream was subscribed with other credentials, and only they may change its subscriptions: open a stream of your own (GET .../live)',
  originRefused: (origin: string, collection: string): string => `Pages on ${origin} may not follow the ${collection} collection: list this origin in its Settings tab`,
};

/** Whose a client is: the app (its secret or its developer's session), one app user, or anybody without credentials. */
const callerKey = (caller: LiveCaller): string => (caller.kind === 'user' ? `user:${caller.appUserId}` : caller.kind);

/** A subscription as POSTed: its query is the filter itself, as a JSON object. */
export interface SubscriptionInput {
  /** Its pattern and length: the request schema's (openapi/public-database.yaml, LiveSubscription). */
  id?: string;
  collection: string;
  query?: Record<string, unknown>;
  docId?: string;
}

/** A list's refusal of the query, said of subscription `at`. */
function asSubscription<T>(at: number, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof ValidationError) throw new ValidationError(`Subscription ${at + 1}: ${err.message}`, { [`subscriptions.${at}.query`]: err.message });
    throw err;
  }
}

/** The query as text, held to a list's bounds (rules/input-limits.ts) before anything walks it, its length as the list's parameter's. */
function queryText(query: Record<string, unknown>): string {
  checkQueryLimits(query);
  const text = JSON.stringify(query);
  if (text.length > MAX_QUERY_LENGTH) {
    const message = `The query is not allowed: ${INPUT_LIMIT_MESSAGES.tooLong(text.length)}`;
    throw new ValidationError(message, { 'query.query': message });
  }
  return text;
}

/** Checks one subscription as a list of its collection would be checked; the collection it names. */
async function checked({
  ctx,
  appId,
  input,
  at,
  caller,
  pageOrigin,
}: {
  ctx: AppContext;
  appId: string;
  input: SubscriptionInput;
  at: number;
  caller: Awaited<ReturnType<typeof identifyCaller>>['caller'];
  pageOrigin?: string;
}): Promise<StoredSubscription> {
  const query = input.query ? asSubscription(at, () => queryText(input.query ?? {})) : undefined;
  const subscription: Subscription = {
    ...(input.id === undefined ? {} : { id: input.id }),
    collection: input.collection,
    ...(query === undefined ? {} : { query }),
    ...(input.docId === undefined ? {} : { docId: input.docId }),
  };
  const collection = await collectionFor({ ctx, appId, name: subscription.collection, caller });
  // The stream's CORS lets in any origin of the app's collections; a page follows only those that list its own, as it may read only their documents.
  if (pageOrigin !== undefined && !accessOf(collection).origins.includes(pageOrigin)) throw new ForbiddenError(`Subscription ${at + 1}: ${LIVE_MESSAGES.originRefused(pageOrigin, collection.name)}`);
  // Refused as that list (or get, for one docId) would be; which records' events pass is visible-to.ts's.
  scopeFor({ collection, rule: subscription.docId === undefined ? 'list' : 'view', caller });
  if (subscription.query !== undefined && subscription.docId !== undefined) throw new ValidationError(LIVE_MESSAGES.queryOrDocId, { [`subscriptions.${at}`]: LIVE_MESSAGES.queryOrDocId });
  asSubscription(at, () => checkDeclaredQuery({ collection, query: subscription.query }));
  return { ...subscription, collectionId: collection._id };
}

/** Events name a subscription by its id, so two of one set may not share one. */
function checkIds(subscriptions: SubscriptionInput[]): void {
  const first = new Map<string, number>();
  for (const [at, { id }] of subscriptions.entries()) {
    if (id === undefined) continue;
    const taken = first.get(id);
    if (taken !== undefined) throw new ValidationError(`Subscription ${at + 1}: ${LIVE_MESSAGES.idTaken(id, taken)}`, { [`subscriptions.${at}.id`]: LIVE_MESSAGES.idTaken(id, taken) });
    first.set(id, at);
  }
}

export async function setSubscriptions({
  ctx,
  appId,
  clientId,
  subscriptions,
  authorization,
  sessionUserId,
  pageOrigin,
}: {
  ctx: AppContext;
  appId: string;
  clientId: string;
  subscriptions: SubscriptionInput[];
  authorization?: string;
  sessionUserId?: string;
  /** The Origin of a browser page elsewhere (not the portal's), whose subscriptions its collections' origins decide. */
  pageOrigin?: string;
}): Promise<LiveClientDoc> {
  return challengedOn401({ ctx, appId, authorization }, async () => {
    checkIds(subscriptions);
    const { caller, counted } = await identifyCaller({ ctx, appId, authorization, sessionUserId });
    const stored: StoredSubscription[] = [];
    for (const [at, input] of subscriptions.entries()) stored.push(await checked({ ctx, appId, input, at, caller, pageOrigin }));
    const holder = holderOf({ secret: ctx.config.sessionSecret, appId, clientId });
    if (holder === undefined || !mayHold({ ctx, holder, clientId })) throw new NotFoundError(LIVE_MESSAGES.clientNotFound);
    await meterRequest({ ctx, appId, counted });
    const grant = await grantOf({ ctx, appId, authorization });
    return storeClient({ ctx, appId, clientId, holder, caller, stored, grant });
  });
}

/**
 * The first POST for an id inserts its client (the unique _id decides between two at once, on
 * any instance); a later one updates it only under the same owner. One trip for the first POST.
 */
async function storeClient({ ctx, appId, clientId, holder, caller, stored, grant }: { ctx: AppContext; appId: string; clientId: string; holder: string; caller: LiveCaller; stored: StoredSubscription[]; grant?: LiveGrant }): Promise<LiveClientDoc> {
  const owner = callerKey(caller);
  const now = ctx.now().toISOString();
  try {
    return await liveClients(ctx).insertOne({ _id: clientId, appId, owner, holder, caller, subscriptions: stored, version: 1, connected: now, updated: now, ...(grant ? { grant } : {}) });
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  const doc = await liveClients(ctx).findOneAndUpdate(
    { _id: clientId, appId, owner },
    { $set: { caller, subscriptions: stored, updated: now, ...(grant ? { grant } : {}) }, ...(grant ? {} : { $unset: { grant: true } }), $inc: { version: 1 } },
  );
  if (!doc) throw new ForbiddenError(LIVE_MESSAGES.otherCaller);
  return doc;
}
