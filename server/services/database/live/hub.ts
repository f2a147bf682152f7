// This instance's streams, by app (docs/public-data-api.md, "Live changes"). Nothing here is
// needed by another instance: the log and the subscriptions are in the store, so a stream's
// client reconnects anywhere with Last-Event-ID, and a subscription POST may reach any instance
// (here it applies at once; the instance holding the stream finds a notice addressed to it in the
// store within pollMs: an insert, so no clock and no update of a shared record is involved).
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import { TooManyRequestsError } from '../../../http/errors';
import { log } from '../../../observability/log';
import type { Store } from '../../../storage/port';
import { closeConnection, send } from './connection';
import type { Connection, Sink } from './connection';
import { catchUp, freshCollections, openFeed, pollFeed } from './feed';
import type { Feed } from './feed';
import { HEARTBEAT } from './frames';
import { REVOKED_MESSAGE, revoked } from './grants';
import { liveClients, liveNotices, MAX_STREAM_AGE_MS } from './model';
import type { LiveClientDoc } from './model';
import { compileSubscriptions } from './subscriptions';
import { onLocalChange } from './wake';

const NOTICES_PAGE = 1000;

interface Hub {
  /** Names this instance's hub on the clients it holds, so notices find it. */
  id: string;
  ctx: AppContext;
  feeds: Map<string, Promise<Feed>>;
  clients: Map<string, Connection>;
  timers: NodeJS.Timeout[];
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
  const created: Hub = { id: randomUUID(), ctx, feeds: new Map(), clients: new Map(), timers: [] };
  hub = created;
  const poll = setInterval(() => {
    for (const feed of created.feeds.values()) void feed.then(pollFeed).catch(report({ hub: created, what: 'Reading the change log failed' }));
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
  const feed = await feedOf(hub, connection.appId);
  const collections = await freshCollections(feed);
  if (doc.version <= connection.version) return;
  connection.caller = doc.caller;
  connection.grant = doc.grant;
  connection.subscriptions = compileSubscriptions({ subscriptions: doc.subscriptions, collections });
  connection.version = doc.version;
  if (connection.state === 'waiting') await catchUp({ feed, connection });
}

async function readNotices(hub: Hub): Promise<void> {
  const notices = await liveNotices(hub.ctx).find({ holder: hub.id }, { limit: NOTICES_PAGE });
  if (notices.length === 0) return;
  const docs = await liveClients(hub.ctx).find({ _id: { $in: [...new Set(notices.map((notice) => notice.clientId))] } });
  await Promise.all(docs.map((doc) => apply({ hub, doc })));
  await liveNotices(hub.ctx).deleteMany({ _id: { $in: notices.map((notice) => notice._id) } });
}

/** A subscription POST that reached this instance: the stream has it at once if held here, else its holder gets a notice. */
export async function subscriptionsChanged({ ctx, doc }: { ctx: AppContext; doc: LiveClientDoc }): Promise<void> {
  const hub = hubs.get(ctx.store);
  if (hub?.id === doc.holder) return apply({ hub, doc });
  await liveNotices(ctx).insertOne({ _id: randomUUID(), holder: doc.holder, clientId: doc._id, at: ctx.now().toISOString() });
}

export const liveConnectionsMessage = (max: number): string => `Too many live connections: this app may hold at most ${max} streams on each server`;

/**
 * Registers a stream of an app, waiting at the tail's position until stream.ts places it and its
 * subscriptions arrive, and stores its client; refused past the app's cap before anything is written.
 */
export async function openConnection({ ctx, appId, sink }: { ctx: AppContext; appId: string; sink: Sink }): Promise<Connection> {
  const hub = hubFor(ctx);
  const feed = await feedOf(hub, appId);
  const max = ctx.config.live.maxConnectionsPerApp;
  if (feed.connections.size >= max) throw new TooManyRequestsError(liveConnectionsMessage(max), Math.ceil(ctx.config.live.heartbeatMs / 1000));
  const clientId = randomBytes(18).toString('base64url');
  const now = ctx.now().toISOString();
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
      feed.connections.delete(connection);
      hub.clients.delete(clientId);
      if (feed.connections.size === 0) hub.feeds.delete(appId);
      liveClients(ctx).deleteOne({ _id: clientId }).catch(report({ hub, what: 'Removing a live client failed' }));
    },
  };
  await liveClients(ctx).insertOne({ _id: clientId, appId, holder: hub.id, subscriptions: [], version: 0, connected: now, updated: now });
  feed.connections.add(connection);
  hub.clients.set(clientId, connection);
  return connection;
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
