// This instance's streams, by app (docs/public-data-api.md, "Live changes"). Nothing here is
// needed by another instance: the log and the subscriptions are in the store, so a stream's
// client reconnects anywhere with Last-Event-ID, and a subscription POST may reach any instance
// (here it applies at once; the instance holding the stream, which the client id names, finds a
// notice addressed to it in the store within pollMs: an insert, so no clock and no update of a
// shared record is involved). Opening a stream writes nothing: its client is stored by the first
// POST that subscribes it, and a stream left unsubscribed is closed after subscribeGraceMs.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { AddressKey } from '../../../http/client-address';
import { TooManyRequestsError } from '../../../http/errors';
import { log } from '../../../observability/log';
import type { Store } from '../../../storage/port';
import { makeClientId } from './client-id';
import { closeConnection, send } from './connection';
import type { Connection, Sink } from './connection';
import { catchUp, freshCollections, openFeed, pollFeed } from './feed';
import type { Feed } from './feed';
import { HEARTBEAT } from './frames';
import { REVOKED_MESSAGE, revoked } from './grants';
import { liveClients, liveNotices, MAX_STREAM_AGE_MS } from './model';
import type { LiveClientDoc } from './model';
import { compileSubscriptions } from './compile-subscriptions';
import { tailAcrossApps } from './tail-across-apps';
import { onLocalChange } from './wake';

const NOTICES_PAGE = 1000;

interface Hub {
  /** Names this instance's hub on the clients it holds, so notices find it. */
  id: string;
  ctx: AppContext;
  feeds: Map<string, Promise<Feed>>;
  clients: Map<string, Connection>;
  /** Streams held per app and client address (`appId address`), for the per-address cap. */
  addresses: Map<string, number>;
  timers: NodeJS.Timeout[];
  /** A poll of the log under way: the next tick skips rather than pile another read on a slow store. */
  polling: boolean;
}

const hubs = new WeakMap<Store, Hub>();

const report =
  ({ hub, what }: { hub: Hub; what: string }) =>
  (err: unknown): void => {
    // Once closeHub has let the hub go, a read still under way may fail as the store closes behind it: no fault.
    if (hubs.get(hub.ctx.store) === hub) log.error({ err }, what);
  };

function hubFor(ctx: AppContext): Hub {
  let hub = hubs.get(ctx.store);
  if (hub) return hub;
  // Short: every client id carries it.
  const created: Hub = { id: randomBytes(12).toString('base64url'), ctx, feeds: new Map(), clients: new Map(), addresses: new Map(), timers: [], polling: false };
  hub = created;
  const poll = setInterval(() => {
    pollAllFeeds(created).catch(report({ hub: created, what: 'Reading the change log failed' }));
    if (created.clients.size > 0) readNotices(created).catch(report({ hub: created, what: 'Reading live subscriptions failed' }));
  }, ctx.config.live.pollMs);
  const heartbeat = setInterval(() => beat(created), ctx.config.live.heartbeatMs);
  const recheck = setInterval(() => void endRevoked(created).catch(report({ hub: created, what: 'Rechecking live credentials failed' })), ctx.config.live.recheckMs);
  for (const timer of [poll, heartbeat, recheck]) timer.unref();
  created.timers.push(poll, heartbeat, recheck);
  onLocalChange({ store: ctx.store, listener: (appId) => void created.feeds.get(appId)?.then(pollFeed).catch(report({ hub: created, what: 'Reading the change log failed' })) });
  hubs.set(ctx.store, created);
  return created;
}

/**
 * One read of the log for all the apps held here (tail-across-apps.ts); a feed that failed to open
 * is left out. Skipped while the last one runs; when the read across apps fails (a time limit on a
 * slow store), each feed reads its own log this time, so changes keep coming.
 */
async function pollAllFeeds(hub: Hub): Promise<void> {
  if (hub.polling) return;
  hub.polling = true;
  try {
    const feeds = (await Promise.allSettled(hub.feeds.values())).flatMap((settled) => (settled.status === 'fulfilled' ? [settled.value] : []));
    try {
      await tailAcrossApps({ ctx: hub.ctx, feeds, now: hub.ctx.now().getTime() });
    } catch (err) {
      report({ hub, what: 'Reading the change log across apps failed; each app reads its own' })(err);
      await Promise.all(feeds.map(pollFeed));
    }
  } finally {
    hub.polling = false;
  }
}

function beat(hub: Hub): void {
  const tooOld = performance.now() - MAX_STREAM_AGE_MS;
  for (const connection of hub.clients.values()) {
    if (connection.openedAt < tooOld) closeConnection(connection, 'The stream reached its longest life: reconnect with Last-Event-ID');
    else send(connection, HEARTBEAT);
  }
}

/** Ends the streams whose subscriptions' credentials no longer hold (grants.ts). */
async function endRevoked(hub: Hub): Promise<void> {
  const held = [...hub.clients.values()].filter((connection) => connection.state !== 'closed');
  for (const connection of await revoked({ ctx: hub.ctx, held })) closeConnection(connection, REVOKED_MESSAGE);
}

function feedOf(hub: Hub, appId: string): Promise<Feed> {
  let feed = hub.feeds.get(appId);
  if (!feed) {
    feed = openFeed({ ctx: hub.ctx, appId });
    hub.feeds.set(appId, feed);
    feed.catch(() => hub.feeds.delete(appId));
  }
  return feed;
}

/** Applies a client's stored subscriptions when they are newer than the stream's; a stream waiting for its first starts reading. */
async function apply({ hub, doc }: { hub: Hub; doc: LiveClientDoc }): Promise<void> {
  const connection = hub.clients.get(doc._id);
  if (!connection || doc.version <= connection.version || !doc.caller) return;
  // The subscription came: a store slow to answer the reads below must not let the grace close the stream meanwhile.
  if (doc.subscriptions.length > 0) awaitSubscription({ hub, connection, subscribed: true });
  const feed = await feedOf(hub, connection.appId);
  const collections = await freshCollections(feed);
  if (doc.version <= connection.version) return;
  connection.caller = doc.caller;
  connection.grant = doc.grant;
  connection.subscriptions = compileSubscriptions({ subscriptions: doc.subscriptions, collections });
  connection.version = doc.version;
  awaitSubscription({ hub, connection, subscribed: doc.subscriptions.length > 0 });
  // Not awaited: the POST that subscribed is answered at once, however long the log is to read.
  if (connection.state === 'waiting') void catchUp({ feed, connection }).catch(caughtUpFailed({ hub, connection }));
}

/** A catch-up the store failed: the stream ends, so its client reconnects with Last-Event-ID rather than wait forever. */
const caughtUpFailed =
  ({ hub, connection }: { hub: Hub; connection: Connection }) =>
  (err: unknown): void => {
    report({ hub, what: 'Catching a live stream up failed' })(err);
    closeConnection(connection, CATCH_UP_FAILED);
  };

export const CATCH_UP_FAILED = 'Reading what this stream missed failed: reconnect with Last-Event-ID';

export const noSubscriptionMessage = (ms: number): string =>
  `No subscription came within ${Math.round(ms / 1000)} s: reconnect, and POST .../live with the clientId of the connect event`;

/** A stream with no subscription is closed after the grace: an idle anonymous stream costs nothing for long. */
function awaitSubscription({ hub, connection, subscribed }: { hub: Hub; connection: Connection; subscribed: boolean }): void {
  clearTimeout(connection.graceTimer);
  connection.graceTimer = undefined;
  if (subscribed) return;
  const graceMs = hub.ctx.config.live.subscribeGraceMs;
  connection.graceTimer = setTimeout(() => closeConnection(connection, noSubscriptionMessage(graceMs)), graceMs);
  connection.graceTimer.unref();
}

async function readNotices(hub: Hub): Promise<void> {
  const notices = await liveNotices(hub.ctx).find({ holder: hub.id }, { limit: NOTICES_PAGE });
  if (notices.length === 0) return;
  const docs = await liveClients(hub.ctx).find({ _id: { $in: [...new Set(notices.map((notice) => notice.clientId))] } });
  await Promise.all(docs.map((doc) => apply({ hub, doc })));
  // Subscribed through another instance after its stream here ended: nobody will read it.
  const gone = docs.filter((doc) => !hub.clients.has(doc._id)).map((doc) => doc._id);
  if (gone.length > 0) await liveClients(hub.ctx).deleteMany({ _id: { $in: gone } });
  await liveNotices(hub.ctx).deleteMany({ _id: { $in: notices.map((notice) => notice._id) } });
}

/** False when this instance is the one the id names and holds no such stream (it ended); true otherwise (another instance may hold it). */
export function mayHold({ ctx, holder, clientId }: { ctx: AppContext; holder: string; clientId: string }): boolean {
  const hub = hubs.get(ctx.store);
  return hub?.id !== holder || hub.clients.has(clientId);
}

/** A subscription POST that reached this instance: the stream has it at once if held here, else its holder gets a notice. */
export async function subscriptionsChanged({ ctx, doc }: { ctx: AppContext; doc: LiveClientDoc }): Promise<void> {
  const hub = hubs.get(ctx.store);
  if (hub?.id === doc.holder) return apply({ hub, doc });
  await liveNotices(ctx).insertOne({ _id: randomUUID(), holder: doc.holder, clientId: doc._id, at: ctx.now().toISOString() });
}

export const liveConnectionsMessage = (max: number): string => `Too many live connections: this app may hold at most ${max} streams on each server`;
export const addressConnectionsMessage = (max: number): string =>
  `Too many live connections from this address: it may hold at most ${max} streams of this app on each server; close the ones it does not use`;

/**
 * Registers a stream of an app, waiting at the tail's position until stream.ts places it and its
 * subscriptions arrive (stream.ts starts the subscribe grace once it has sent the connect);
 * refused past the address's cap, then the app's. Writes nothing to the store.
 */
export async function openConnection({ ctx, appId, sink, address }: { ctx: AppContext; appId: string; sink: Sink; address: AddressKey }): Promise<{ connection: Connection; feed: Feed }> {
  const hub = hubFor(ctx);
  const feed = await feedOf(hub, appId);
  const { maxConnectionsPerApp, maxConnectionsPerAddress, heartbeatMs } = ctx.config.live;
  const retryAfter = Math.ceil(heartbeatMs / 1000);
  const addressSlot = `${appId} ${address}`;
  const fromAddress = hub.addresses.get(addressSlot) ?? 0;
  if (fromAddress >= maxConnectionsPerAddress) throw new TooManyRequestsError(addressConnectionsMessage(maxConnectionsPerAddress), retryAfter);
  if (feed.connections.size >= maxConnectionsPerApp) throw new TooManyRequestsError(liveConnectionsMessage(maxConnectionsPerApp), retryAfter);
  const clientId = makeClientId({ secret: ctx.config.sessionSecret, appId, holder: hub.id });
  const connection: Connection = {
    clientId,
    appId,
    sink,
    cursor: feed.position.head,
    subscriptions: [],
    version: 0,
    state: 'waiting',
    openedAt: performance.now(),
    maxBufferBytes: ctx.config.live.maxBufferBytes,
    onClosed: () => {
      clearTimeout(connection.graceTimer);
      feed.connections.delete(connection);
      hub.clients.delete(clientId);
      const left = (hub.addresses.get(addressSlot) ?? 1) - 1;
      if (left > 0) hub.addresses.set(addressSlot, left);
      else hub.addresses.delete(addressSlot);
      if (feed.connections.size === 0) hub.feeds.delete(appId);
      // A client never subscribed was never stored; one subscribed elsewhere and not applied yet is removed by readNotices or the prune.
      if (connection.version > 0) liveClients(ctx).deleteOne({ _id: clientId }).catch(report({ hub, what: 'Removing a live client failed' }));
    },
  };
  feed.connections.add(connection);
  hub.clients.set(clientId, connection);
  hub.addresses.set(addressSlot, fromAddress + 1);
  return { connection, feed };
}

/** Starts the subscribe grace of a stream that has sent its connect (stream.ts). */
export function awaitFirstSubscription({ ctx, connection }: { ctx: AppContext; connection: Connection }): void {
  if (connection.state === 'closed' || connection.version > 0) return;
  awaitSubscription({ hub: hubFor(ctx), connection, subscribed: false });
}

/** Ends every stream of this instance with a reason (a stop), and its timers. */
export function closeHub({ store, reason }: { store: Store; reason: string }): void {
  const hub = hubs.get(store);
  if (!hub) return;
  hubs.delete(store);
  for (const timer of hub.timers) clearInterval(timer);
  for (const connection of [...hub.clients.values()]) closeConnection(connection, reason);
  onLocalChange({ store, listener: undefined });
}

/** Streams of an app this instance holds (for tests and the bench's memory row). */
export const openStreams = ({ store, appId }: { store: Store; appId: string }): number => [...(hubs.get(store)?.clients.values() ?? [])].filter((c) => c.appId === appId).length;
