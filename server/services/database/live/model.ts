// Live changes of the per-app database (docs/public-data-api.md, "Live changes"): the change
// log every write appends to, and the live clients whose streams read it.
import type { AppContext } from '../../../context';
import type { LiveGrant } from './grants';
import type { Prior } from './prior';
import type { Collection, IndexSpec } from '../../../storage/port';

export const DB_CHANGES = 'dbChanges';
/** A stream is closed after this long (its client reconnects with Last-Event-ID), so a stored client lives at most this. */
export const MAX_STREAM_AGE_MS = 3600_000;
export const DB_LIVE_CLIENTS = 'dbLiveClients';
export const DB_LIVE_NOTICES = 'dbLiveNotices';

/**
 * What happened to a document; `reset`: many documents changed at once (an import), read the
 * collection again; `filler`: nothing, a number a writer stored so that none is left out
 * (sequence.ts), of no collection, which no stream is sent.
 */
export type ChangeType = 'created' | 'updated' | 'deleted' | 'reset' | 'filler';

/** What a write path hands to the log. */
export interface ChangeInput {
  appId: string;
  type: ChangeType;
  collectionId: string;
  /** The collection's name when it happened. */
  collection: string;
  /** Absent on `reset`. */
  docId?: string;
  /** The document as stored after the change (before it, for `deleted`); absent on `reset`. */
  doc?: Record<string, unknown>;
  /** On `updated`: what the document was before, as far as the update changed it (prior.ts); absent on entries older than it. */
  prior?: Prior;
  at: string;
}

/** One entry of an app's change log; `_id` is `appId#seq`, so two writers can never take one number. */
export interface ChangeDoc extends ChangeInput {
  _id: string;
  /** Increasing per app, across instances; the events' id. */
  seq: number;
  /** `at`'s time bucket (bucketOf): the equality the tail across apps reads by. Absent on entries stored before it. */
  bucket?: number;
  [key: string]: unknown;
}

/**
 * How long one bucket of the change log lasts. The tail across apps reads by bucket equality,
 * which FerretDB 1.x pushes down to PostgreSQL where it pushes down no range: its reads then take
 * one bucket's entries, not the whole log. Twice the sweep's overlap, so a poll reads one bucket
 * or two.
 */
export const BUCKET_MS = 10_000;

/** The bucket a time in milliseconds falls in. */
export const bucketAt = (ms: number): number => Math.floor(ms / BUCKET_MS);

/** The bucket an entry written at `at` (ISO time) falls in. */
export const bucketOf = (at: string): number => bucketAt(Date.parse(at));

/** One subscription of a live client: a collection, narrowed by a query or one document. */
export interface Subscription {
  /** The client's name for it, which its events carry; without one they carry its index in the set. */
  id?: string;
  collection: string;
  /** As the list's `query` parameter takes it (JSON text); the POST sends it as an object. */
  query?: string;
  docId?: string;
}

/** A subscription as stored, with the id of the collection it names (which a rename keeps). */
export type StoredSubscription = Subscription & { collectionId: string };

/** Who set a client's subscriptions, as the public data API told them apart. */
export type LiveCaller = { kind: 'anonymous' } | { kind: 'user'; appUserId: string } | { kind: 'app' };

/**
 * A stream's subscriptions, wherever it is held, stored by the first POST that subscribes it (which
 * may reach any instance); an unsubscribed stream has none, so opening one writes nothing.
 */
export interface LiveClientDoc {
  _id: string;
  appId: string;
  /** Who first subscribed it (subscriptions.ts, callerKey): only they may set its subscriptions. */
  owner: string;
  /** Set with the subscriptions; until then the stream waits at its start. */
  caller?: LiveCaller;
  /** What the subscriptions' credentials were, rechecked while the stream lasts (grants.ts). */
  grant?: LiveGrant;
  subscriptions: StoredSubscription[];
  /** Bumped by every change of the subscriptions, so the holder sees a new set. */
  version: number;
  /** The hub (one per instance) holding the stream, as its client id names it (client-id.ts). */
  holder: string;
  /** When its first subscriptions were stored: the prune goes by it. */
  connected: string;
  updated: string;
  [key: string]: unknown;
}

/** Tells a holder that one of its clients has new subscriptions (set through another instance). */
export interface LiveNoticeDoc {
  _id: string;
  holder: string;
  clientId: string;
  at: string;
  [key: string]: unknown;
}

export const changeLog = (ctx: AppContext): Collection<ChangeDoc> => ctx.store.collection<ChangeDoc>(DB_CHANGES, { lockFree: true });
export const liveClients = (ctx: AppContext): Collection<LiveClientDoc> => ctx.store.collection<LiveClientDoc>(DB_LIVE_CLIENTS, { lockFree: true });

export const liveNotices = (ctx: AppContext): Collection<LiveNoticeDoc> => ctx.store.collection<LiveNoticeDoc>(DB_LIVE_NOTICES, { lockFree: true });

export const changeId = ({ appId, seq }: { appId: string; seq: number }): string => `${appId}#${seq}`;

export const liveIndexes: IndexSpec[] = [
  { collection: DB_CHANGES, fields: { appId: 1, seq: 1 } },
  { collection: DB_CHANGES, fields: { at: 1 } },
  { collection: DB_CHANGES, fields: { bucket: 1, at: 1 } },
  { collection: DB_LIVE_CLIENTS, fields: { connected: 1 } },
  { collection: DB_LIVE_NOTICES, fields: { holder: 1 } },
  { collection: DB_LIVE_NOTICES, fields: { at: 1 } },
];
