// The SDK (sdk/) against the real server on a port: documents and their errors, versions, and
// live changes over one shared stream that survives a dropped connection without losing or
// repeating an event.
import request from 'supertest';
import type { IncomingMessage } from 'node:http';
import { withTestApp } from '../helpers/test-app';
import { closeHub, openStreams } from '../../server/services/database/live/hub';
import { basic, dataApp, documentsPath } from '../database-public/fixtures';
import { LIMITS } from '../database-live/live-app';
import { ConflictError, NindoError, createClient } from '../../sdk/src/index.ts';
import type { Client, LiveEvent, LiveStatus } from '../../sdk/src/index.ts';
import { onPort } from './on-port';

// Before the app's own hooks, so the streams end before its store closes.
afterEach(async () => {
  client?.close();
  client = undefined;
  closeHub({ store: t.ctx.store, reason: 'test over' });
  await net.close();
});
const t = withTestApp({ config: { live: LIMITS } });
const net = onPort(() => t.app);
let client: Client | undefined;
const liveGets = (): IncomingMessage[] => net.requests.filter((req) => req.method === 'GET' && req.url?.endsWith('/live'));

beforeEach(async () => {
  net.requests.length = 0;
  await net.listenOn(0);
});

async function appClient(): Promise<{ client: Client; appId: string; appSecret: string }> {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx });
  client = createClient({ url: `http://127.0.0.1:${net.port()}`, appId, auth: { appSecret }, reconnect: { minMs: 20, maxMs: 200 } });
  return { client, appId, appSecret };
}

/** Events a handler received, and a wait for one of them (no fixed sleeps). */
function recorder(): { handler: (event: LiveEvent) => void; events: LiveEvent[]; next: (match: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent> } {
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  return {
    events,
    handler: (event) => {
      events.push(event);
      waiters.forEach((wake) => wake());
    },
    next: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => [e.type, e.seq]))}`));
        }, timeoutMs);
        const check = (): void => {
          const found = events.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
  };
}

/** Resolves once `check` holds, looked at every 10 ms, or fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`the condition did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const titled = (title: string) => (event: LiveEvent) => event.type !== 'reset' && event.type !== 'leave' && event.document.title === title;

describe('documents', () => {
  it('creates, reads, lists, counts, updates, batches and deletes through the client', async () => {
    const { client } = await appClient();
    const products = client.collection('products');
    const lamp = await products.create({ title: 'Lamp', price: 30, colour: 'red' });
    expect(lamp).toMatchObject({ title: 'Lamp', price: 30, _version: 1 });
    await products.create({ title: 'Desk', price: 5, colour: 'green' });
    expect(await products.get(lamp._id)).toMatchObject({ _id: lamp._id, title: 'Lamp' });
    const red = await products.list({ query: { colour: 'red' }, sort: { title: -1 }, limit: 5 });
    expect(red.items.map((p) => p.title)).toEqual(['Lamp']);
    expect(red.total).toBe(1);
    const first = await products.list({ limit: 1, sort: { title: 1 } });
    expect(first.items.map((p) => p.title)).toEqual(['Desk']);
    const second = await products.list({ limit: 1, sort: { title: 1 }, cursor: first.nextCursor ?? '' });
    expect(second.items.map((p) => p.title)).toEqual(['Lamp']);
    expect(second.nextCursor).toBeNull();
    expect(await products.count({ price: { $gte: 10 } })).toBe(1);
    expect(await products.update(lamp._id, { price: 35 }, { ifMatch: 1 })).toMatchObject({ price: 35, _version: 2 });
    const results = await client.batch([
      { action: 'create', collection: 'products', body: { title: 'Chair', price: 12 } },
      { action: 'update', collection: 'products', id: lamp._id, body: { price: 40 }, ifMatch: 2 },
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 200]);
    await products.delete(lamp._id, { ifMatch: 3 });
    expect(await products.count()).toBe(2);
  });

  it('turns refusals into NindoError with the status, the message and the field errors', async () => {
    const { client, appId } = await appClient();
    const products = client.collection('products');
    const invalid = await products.create({ title: 'x' }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(NindoError);
    expect((invalid as NindoError).status).toBe(400);
    expect(Object.keys((invalid as NindoError).fieldErrors).some((key) => key.includes('title'))).toBe(true);
    const missing = await products.get('no-such-id').catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, message: 'Document not found' });
    const stranger = createClient({ url: `http://127.0.0.1:${net.port()}`, appId, auth: { appSecret: 'wrong' } });
    await expect(stranger.collection('products').list()).rejects.toMatchObject({ status: 401, message: 'Invalid app credentials' });
  });

  it('answers a stale If-Match with a ConflictError carrying the record as it is now', async () => {
    const { client } = await appClient();
    const products = client.collection('products');
    const lamp = await products.create({ title: 'Lamp', price: 30 });
    await products.update(lamp._id, { price: 31 });
    const conflict = await products.update(lamp._id, { price: 99 }, { ifMatch: 1 }).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as ConflictError).status).toBe(412);
    expect((conflict as ConflictError).current).toMatchObject({ _id: lamp._id, price: 31, _version: 2 });
    await expect(products.delete(lamp._id, { ifMatch: 1 })).rejects.toBeInstanceOf(ConflictError);
    expect(await products.get(lamp._id)).toMatchObject({ price: 31 });
  });

  it('asks a token function before every call, so a refreshed token is used', async () => {
    const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx });
    const asked: number[] = [];
    const viaToken = createClient({ url: `http://127.0.0.1:${net.port()}`, appId, auth: { token: async () => String(asked.push(1)) } });
    await expect(viaToken.collection('products').list()).rejects.toMatchObject({ status: 401, message: 'Invalid access token' });
    await expect(viaToken.collection('products').count()).rejects.toBeInstanceOf(NindoError);
    // Each refused call asked once more, with expired: true (token-refresh.test.ts).
    expect(asked).toHaveLength(4);
    await request(t.app).get(documentsPath(appId)).set('Authorization', basic(appId, appSecret)).expect(200);
  });
});

describe('live changes', () => {
  it('carries every subscription of a client on one stream, each handler getting its own changes', async () => {
    const { client, appId } = await appClient();
    const products = client.collection('products');
    const lamp = await products.create({ title: 'Lamp', price: 30 });
    const dear = recorder();
    const one = recorder();
    await client.subscribe('products', { query: { price: { $gte: 100 } } }, dear.handler);
    await client.subscribe('products', { docId: lamp._id }, one.handler);
    expect(openStreams({ store: t.ctx.store, appId })).toBe(1);
    expect(liveGets()).toHaveLength(1);
    await products.update(lamp._id, { price: 31 });
    await products.create({ title: 'Sofa', price: 500 });
    const updated = await one.next((e) => e.type === 'updated');
    expect(updated).toMatchObject({ type: 'updated', collection: 'products', document: { _id: lamp._id, price: 31 } });
    await dear.next(titled('Sofa'));
    // The Sofa's event came after the lamp's: the docId subscription has had its chance at it.
    expect(one.events.filter(titled('Sofa'))).toEqual([]);
    expect(openStreams({ store: t.ctx.store, appId })).toBe(1);
  });

  it('after a dropped connection reconnects with Last-Event-ID and delivers the change made meanwhile exactly once', async () => {
    const { client, appId, appSecret } = await appClient();
    const seen = recorder();
    await client.subscribe('products', { query: {} }, seen.handler);
    await client.collection('products').create({ title: 'Before' });
    const before = await seen.next(titled('Before'));
    await net.dropEverything();
    // Written while the client cannot connect: only the replay can bring it.
    await request(t.app).post(documentsPath(appId)).set('Authorization', basic(appId, appSecret)).send({ title: 'Meanwhile' }).expect(201);
    expect(liveGets()).toHaveLength(1);
    await net.listenOn();
    await seen.next(titled('Meanwhile'));
    expect(liveGets().length).toBeGreaterThanOrEqual(2);
    expect(liveGets().at(-1)?.headers['last-event-id']).toBe(String(before.seq));
    // A change after the reconnect fences the check that nothing came twice.
    await client.collection('products').create({ title: 'After' });
    await seen.next(titled('After'));
    expect(seen.events.map((e) => (e.type === 'reset' || e.type === 'leave' ? e.type : e.document.title))).toEqual(['Before', 'Meanwhile', 'After']);
  });

  it('hands a query subscription enter when an update brings a document in and leave, with its id and version only, when one takes it out', async () => {
    const { client } = await appClient();
    const products = client.collection('products');
    const seen = recorder();
    await client.subscribe('products', { query: { price: { $gte: 10 } } }, seen.handler);
    const cheap = await products.create({ title: 'Cup', price: 5 });
    await products.update(cheap._id, { price: 20 });
    const entered = await seen.next((e) => e.type === 'enter');
    expect(entered).toMatchObject({ type: 'enter', collection: 'products', document: { _id: cheap._id, title: 'Cup', price: 20, _version: 2 } });
    await products.update(cheap._id, { price: 3 });
    const left = await seen.next((e) => e.type === 'leave');
    expect(left).toEqual({ type: 'leave', collection: 'products', document: { _id: cheap._id, _version: 3 }, seq: left.seq });
    // Out to out sends nothing: the next event is the fence's create.
    await products.update(cheap._id, { price: 4 });
    await products.create({ title: 'Fence', price: 50 });
    await seen.next(titled('Fence'));
    expect(seen.events.map((e) => e.type)).toEqual(['enter', 'leave', 'created']);
  });

  it('routes each event to the subscriptions the server named: a document moved between two queries leaves one, enters the other, and its docId handler gets updated', async () => {
    const { client } = await appClient();
    const products = client.collection('products');
    const lamp = await products.create({ title: 'Lamp', price: 5 });
    const [cheap, dear, one] = [recorder(), recorder(), recorder()];
    await client.subscribe('products', { query: { price: { $lt: 10 } } }, cheap.handler);
    await client.subscribe('products', { query: { price: { $gte: 10 } } }, dear.handler);
    await client.subscribe('products', { docId: lamp._id }, one.handler);
    await products.update(lamp._id, { price: 50 });
    await products.create({ title: 'Cup', price: 2 });
    await products.create({ title: 'Desk', price: 80 });
    await products.delete(lamp._id);
    await products.create({ title: 'Fence', price: 1 });
    await cheap.next(titled('Fence'));
    // A leave carries the id only.
    const shown = (events: LiveEvent[]): string[] => events.map((e) => (e.type === 'reset' ? 'reset' : e.type === 'leave' ? `leave ${e.document._id === lamp._id ? 'the lamp' : e.document._id}` : `${e.type} ${e.document.title}`));
    expect(shown(cheap.events)).toEqual(['leave the lamp', 'created Cup', 'created Fence']);
    expect(shown(dear.events)).toEqual(['enter Lamp', 'created Desk', 'deleted Lamp']);
    expect(shown(one.events)).toEqual(['updated Lamp', 'deleted Lamp']);
    // The three events of the update are one change: one seq, handed on together.
    const seqs = [cheap.events[0], dear.events[0], one.events[0]].map((e) => e.seq);
    expect(new Set(seqs).size).toBe(1);
    expect(seqs[0]).toBeGreaterThan(0);
  });

  it('tells where its stream stands: connecting, live once subscribed, reconnecting while dropped, live again, closed', async () => {
    const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx });
    const statuses: LiveStatus[] = [];
    client = createClient({ url: `http://127.0.0.1:${net.port()}`, appId, auth: { appSecret }, reconnect: { minMs: 20, maxMs: 200 }, onStatus: (status) => statuses.push(status) });
    await client.subscribe('products', { query: {} }, () => undefined);
    await until(() => statuses.at(-1) === 'live');
    expect(statuses).toEqual(['connecting', 'live']);
    await net.dropEverything();
    await until(() => statuses.at(-1) === 'reconnecting');
    await net.listenOn();
    await until(() => statuses.at(-1) === 'live');
    client.close();
    await until(() => statuses.at(-1) === 'closed');
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live', 'closed']);
  });

  it('ends the stream when the last subscription is removed and refuses a query the API refuses', async () => {
    const { client, appId } = await appClient();
    await expect(client.subscribe('products', { query: { cost: 1 } }, () => undefined)).rejects.toMatchObject({ status: 400 });
    const unsubscribe = await client.subscribe('products', { query: {} }, () => undefined);
    expect(openStreams({ store: t.ctx.store, appId })).toBe(1);
    await unsubscribe();
    await until(() => openStreams({ store: t.ctx.store, appId }) === 0);
  });
});
