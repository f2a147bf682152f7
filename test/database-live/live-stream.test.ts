// Live changes over Server-Sent Events (docs/public-data-api.md, "Live changes"): who gets which
// events, narrowing by query and docId, resuming with Last-Event-ID, and the limits.
import request from 'supertest';
import type { Test } from 'supertest';
import type { TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';
import { addCollection, basic, dataApp, documentsPath, installToken, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { createDocument, updateDocument } from '../../server/services/database/documents';
import { changeLog } from '../../server/services/database/live/model';
import { LIVE_MESSAGES } from '../../server/services/database/live/subscriptions';
import { RESET_REASONS } from '../../server/services/database/live/stream';
import { liveConnectionsMessage } from '../../server/services/database/live/hub';
import { openStreams } from '../../server/services/database/live/hub';
import type { DataAccessRead } from '../../generated/client/types.gen';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { allRules, callersOf } from '../database-rules/callers';
import type { CallerName } from '../database-rules/callers';
import type { DataRule } from '../../generated/client/types.gen';
import { openLive } from './sse-client';
import { liveApp, subscribe } from './live-app';
import type { LiveEvent, LiveStream } from './sse-client';

const isChange = (docId: string) => (e: LiveEvent) => (e.data.document as { _id?: string } | undefined)?._id === docId;

describe('who gets which events', () => {
  const { t, base } = liveApp();
  const readRules: DataAccessRead[] = ['public', 'authenticated', 'owner'];

  it.each(readRules)('read %s: each caller kind subscribes as its rules say, and a stream never gets an event of a collection its caller may not read', async (read) => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const { appId, appSecret, owner } = data;
    await setAccess({ owner, appId, access: { read, write: 'owner' } });
    // Every stream also follows a public collection, written last: its event fences the check.
    await addCollection({ owner, appId, collection: 'fence', fields: [{ name: 'n', displayName: 'N', type: 'number' }] });
    await setAccess({ owner, appId, collection: 'fence', access: { read: 'public', write: 'owner' } });
    const tokenA = await installToken({ app: t.app, ctx: t.ctx, appId, appSecret });
    const tokenB = await installToken({ app: t.app, ctx: t.ctx, appId, appSecret });
    const { agent: stranger } = await signInAs({ app: t.app, ctx: t.ctx, email: `stranger-${read}@data.example` });
    const anonymous = (path: string) => request(t.app).post(path);
    const callers: { kind: string; via: (path: string) => Test; sees: boolean; refused?: number }[] = [
      { kind: 'anonymous', via: anonymous, sees: read === 'public', refused: 401 },
      { kind: 'store A', via: (path) => anonymous(path).set('Authorization', `Bearer ${tokenA}`), sees: read !== 'owner', refused: 403 },
      { kind: 'store B', via: (path) => anonymous(path).set('Authorization', `Bearer ${tokenB}`), sees: read !== 'owner', refused: 403 },
      { kind: 'the app', via: (path) => anonymous(path).set('Authorization', basic(appId, appSecret)), sees: true },
      { kind: "the owner's session", via: (path) => owner.post(path), sees: true },
      { kind: "a stranger's session", via: (path) => stranger.post(path), sees: read === 'public', refused: 401 },
    ];
    const streams: LiveStream[] = [];
    for (const caller of callers) {
      const stream = await openLive({ base: base(), appId });
      streams.push(stream);
      const both = await subscribe({ t, appId, clientId: stream.clientId(), subscriptions: [{ collection: 'fence' }, { collection: 'products' }], via: caller.via });
      expect({ kind: caller.kind, status: both.status, message: both.text }).toMatchObject({ kind: caller.kind, status: caller.sees ? 200 : caller.refused });
      if (!caller.sees) await subscribe({ t, appId, clientId: stream.clientId(), subscriptions: [{ collection: 'fence' }], via: caller.via }).expect(200);
    }
    const product = await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: 'Lamp', cost: 3 }, view: 'owner' });
    const fence = await createDocument({ ctx: t.ctx, appId, name: 'fence', input: { n: 1 }, view: 'owner' });
    for (const [at, stream] of streams.entries()) {
      await stream.next(isChange(fence._id));
      const got = stream.events.filter(isChange(product._id));
      expect({ kind: callers[at].kind, got: got.length }).toEqual({ kind: callers[at].kind, got: callers[at].sees ? 1 : 0 });
      // As the public API answers it: no private field.
      if (got[0]) expect(got[0]).toMatchObject({ event: 'created', data: { collection: 'products', document: { title: 'Lamp' } } });
      if (got[0]) expect(got[0].data.document).not.toHaveProperty('cost');
    }
    for (const stream of streams) stream.close();
  });

  it('decides at the moment of each change: a stream subscribed while a collection was public gets nothing once it is closed to the app', async () => {
    const { appId, owner } = await dataApp({ app: t.app, ctx: t.ctx });
    await setAccess({ owner, appId, access: { read: 'public', write: 'owner' } });
    const stream = await openLive({ base: base(), appId });
    await subscribe({ t, appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    const before = await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: 'Open' }, view: 'owner' });
    await stream.next(isChange(before._id));
    await setAccess({ owner, appId, access: { read: 'owner', write: 'owner' } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: 'Closed' }, view: 'owner' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.events.filter(isChange(after._id))).toEqual([]);
    stream.close();
  });
});

describe('record rules decide per record', () => {
  const { t, base } = liveApp();
  const OWN_OR_SHARED = '{"$or":[{"title":"Shared"},{"_owner":"@caller"}]}';
  // What each caller's products stream gets of store A's record, store B's and an unowned shared one.
  const cases: [string, DataRule, Record<string, string[]>][] = [
    ['owner', { kind: 'owner' }, { 'store A': ['Of A'], 'store B': ['Of B'], 'the app': ['Of A', 'Of B', 'Shared'] }],
    ['a filter on @caller', { kind: 'filter', filter: OWN_OR_SHARED }, { 'store A': ['Of A', 'Shared'], 'store B': ['Of B', 'Shared'], 'the app': ['Of A', 'Of B', 'Shared'] }],
  ];

  it.each(cases)('list and view rules %s: each store gets the events of the records the rule lets it read, no other store\'s', async (_name, rule, expected) => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const { appId, owner } = data;
    await setAccess({ owner, appId, access: { rules: { ...allRules({ kind: 'locked' }), list: rule, view: rule } } });
    await addCollection({ owner, appId, collection: 'fence', fields: [{ name: 'n', displayName: 'N', type: 'number' }] });
    await setAccess({ owner, appId, collection: 'fence', access: { read: 'public', write: 'owner' } });
    const callers = await callersOf({ app: t.app, ctx: t.ctx, data });
    const names = Object.keys(expected) as CallerName[];
    const streams: LiveStream[] = [];
    for (const name of names) {
      const stream = await openLive({ base: base(), appId });
      streams.push(stream);
      await subscribe({ t, appId, clientId: stream.clientId(), subscriptions: [{ collection: 'fence' }, { collection: 'products' }], via: (path) => callers.call(name, 'post', path) }).expect(200);
    }
    // Store B also follows store A's record by its id (the view rule): nothing of it either.
    const ofA = await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: 'Of A' }, view: 'owner', owner: callers.storeA });
    const watcher = await openLive({ base: base(), appId });
    await subscribe({ t, appId, clientId: watcher.clientId(), subscriptions: [{ collection: 'fence' }, { collection: 'products', docId: ofA._id }], via: (path) => callers.call('store B', 'post', path) }).expect(200);
    await updateDocument({ ctx: t.ctx, appId, name: 'products', docId: ofA._id, input: { price: 2 }, view: 'owner' });
    await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: 'Of B' }, view: 'owner', owner: callers.storeB });
    await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: 'Shared' }, view: 'owner' });
    const fence = await createDocument({ ctx: t.ctx, appId, name: 'fence', input: { n: 1 }, view: 'owner' });
    const created = (stream: LiveStream) => stream.events.filter((e) => e.event === 'created' && e.data.collection === 'products').map((e) => (e.data.document as { title: string }).title);
    for (const stream of [...streams, watcher]) await stream.next(isChange(fence._id));
    expect(Object.fromEntries(names.map((name, at) => [name, created(streams[at]).sort()]))).toEqual(expected);
    expect(watcher.events.filter(isChange(ofA._id))).toEqual([]);
    for (const stream of [...streams, watcher]) stream.close();
  });

  // Issue 39: a query's enter and leave, and If-Match's 412, never carry another store's record.
  it("store B never gets enter, leave or a 412's record of store A's, while store A gets its own enter and leave", async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const { appId, owner } = data;
    await setAccess({ owner, appId, access: { rules: allRules({ kind: 'owner' }) } });
    await addCollection({ owner, appId, collection: 'fence', fields: [{ name: 'n', displayName: 'N', type: 'number' }] });
    await setAccess({ owner, appId, collection: 'fence', access: { read: 'public', write: 'owner' } });
    const callers = await callersOf({ app: t.app, ctx: t.ctx, data });
    const dear = { collection: 'products', query: { price: { $gte: 10 } } };
    const streams = new Map<CallerName, LiveStream>();
    for (const name of ['store A', 'store B'] as const) {
      const stream = await openLive({ base: base(), appId });
      streams.set(name, stream);
      await subscribe({ t, appId, clientId: stream.clientId(), subscriptions: [{ collection: 'fence' }, dear], via: (path) => callers.call(name, 'post', path) }).expect(200);
    }
    const ofA = await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: 'Of A', price: 1 }, view: 'owner', owner: callers.storeA });
    const path = `${documentsPath(appId)}/${ofA._id}`;
    await callers.call('store A', 'put', path).send({ price: 20 }).expect(200);
    const stale = await callers.call('store B', 'put', path).set('If-Match', '"1"').send({ price: 30 });
    expect([stale.status, stale.body.data]).toEqual([404, null]);
    await callers.call('store A', 'put', path).send({ price: 2 }).expect(200);
    const fence = await createDocument({ ctx: t.ctx, appId, name: 'fence', input: { n: 1 }, view: 'owner' });
    for (const stream of streams.values()) await stream.next(isChange(fence._id));
    const ofAEvents = (name: CallerName) => (streams.get(name)?.events ?? []).filter(isChange(ofA._id)).map((e) => e.event);
    expect({ 'store A': ofAEvents('store A'), 'store B': ofAEvents('store B') }).toEqual({ 'store A': ['enter', 'leave'], 'store B': [] });
    for (const stream of streams.values()) stream.close();
  });

  it("a batch's writes reach the stream as the single paths' do, in the batch's order", async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const app = (path: string) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret));
    const stream = await openLive({ base: base(), appId: data.appId });
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: app }).expect(200);
    const lamp = await createDocument({ ctx: t.ctx, appId: data.appId, name: 'products', input: { title: 'Lamp' }, view: 'owner' });
    const operations = [
      { action: 'create', collection: 'products', body: { title: 'Desk' } },
      { action: 'update', collection: 'products', id: lamp._id, body: { price: 4 } },
      { action: 'delete', collection: 'products', id: lamp._id },
    ];
    const res = await app(`/api/v1/data/${data.appId}/batch`).send({ operations }).expect(200);
    await stream.next((e) => e.event === 'deleted');
    const batchEvents = stream.events.filter((e) => ['created', 'updated', 'deleted'].includes(e.event)).slice(1);
    expect(batchEvents.map((e) => [e.event, (e.data.document as { _id: string })._id])).toEqual([
      ['created', res.body.data.results[0].data._id],
      ['updated', lamp._id],
      ['deleted', lamp._id],
    ]);
    expect(batchEvents[1].data.document).toMatchObject({ title: 'Lamp', price: 4 });
    stream.close();
  });
});

/** An app whose products anyone may read, with a stream subscribed as the app. */
async function subscribedStream({ t, base, subscriptions, lastEventId }: { t: TestApp; base: string; subscriptions: object[]; lastEventId?: string }): Promise<{ data: DataApp; stream: LiveStream }> {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  const stream = await openLive({ base, appId: data.appId, lastEventId });
  await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions, via: (path) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret)) }).expect(200);
  return { data, stream };
}

const create = (t: TestApp, appId: string, input: Record<string, unknown>) => createDocument({ ctx: t.ctx, appId, name: 'products', input, view: 'owner' });

describe('narrowing', () => {
  const { t, base } = liveApp();

  it('a query gets the changes of matching documents only: created, entered by an update, and deleted', async () => {
    const { data, stream } = await subscribedStream({ t, base: base(), subscriptions: [{ collection: 'products', query: { price: { $gte: 10 } } }] });
    const cheap = await create(t, data.appId, { title: 'Cheap', price: 5 });
    const dear = await create(t, data.appId, { title: 'Dear', price: 20 });
    await updateDocument({ ctx: t.ctx, appId: data.appId, name: 'products', docId: cheap._id, input: { price: 15 }, view: 'owner' });
    await request(t.app).delete(`${documentsPath(data.appId)}/${dear._id}`).set('Authorization', basic(data.appId, data.appSecret)).expect(200);
    await stream.next((e) => e.event === 'deleted');
    expect(stream.events.filter((e) => e.event !== 'connect').map((e) => [e.event, (e.data.document as { title: string }).title])).toEqual([
      ['created', 'Dear'],
      ['enter', 'Cheap'],
      ['deleted', 'Dear'],
    ]);
    stream.close();
  });

  it('a docId gets that document\'s changes only', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const mine = await create(t, data.appId, { title: 'Mine' });
    const stream = await openLive({ base: base(), appId: data.appId });
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products', docId: mine._id }], via: (path) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret)) }).expect(200);
    await create(t, data.appId, { title: 'Other' });
    await updateDocument({ ctx: t.ctx, appId: data.appId, name: 'products', docId: mine._id, input: { title: 'Mine again' }, view: 'owner' });
    await stream.next((e) => e.event === 'updated');
    expect(stream.events.filter((e) => e.event !== 'connect').map((e) => e.event)).toEqual(['updated']);
    stream.close();
  });
});

describe('resuming', () => {
  const { t, base } = liveApp();

  it('with Last-Event-ID gets every event after it exactly once, written while it was away too', async () => {
    const { data, stream } = await subscribedStream({ t, base: base(), subscriptions: [{ collection: 'products' }] });
    await create(t, data.appId, { title: 'One' });
    const first = await stream.next((e) => e.event === 'created');
    stream.close();
    for (const title of ['Two', 'Three']) await create(t, data.appId, { title });
    const again = await openLive({ base: base(), appId: data.appId, lastEventId: first.id });
    await subscribe({ t, appId: data.appId, clientId: again.clientId(), subscriptions: [{ collection: 'products' }], via: (path) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret)) }).expect(200);
    await create(t, data.appId, { title: 'Four' });
    await again.next((e) => (e.data.document as { title?: string } | undefined)?.title === 'Four');
    const changes = again.events.filter((e) => e.event === 'created');
    expect(changes.map((e) => (e.data.document as { title: string }).title)).toEqual(['Two', 'Three', 'Four']);
    expect(changes.map((e) => Number(e.id))).toEqual([Number(first.id) + 1, Number(first.id) + 2, Number(first.id) + 3]);
    again.close();
  });

  it.each([
    { scenario: 'older than the log keeps', lastEventId: '1', reason: RESET_REASONS.tooOld },
    { scenario: 'past the newest event', lastEventId: '999', reason: RESET_REASONS.unknown },
    { scenario: 'not a number', lastEventId: 'abc', reason: RESET_REASONS.unknown },
  ])('with a Last-Event-ID $scenario gets one reset, then the events from there', async ({ lastEventId, reason }) => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    for (const title of ['One', 'Two', 'Three']) await create(t, data.appId, { title });
    // What the prune leaves of a log that went on long after event 1.
    await changeLog(t.ctx).deleteMany({ appId: data.appId, seq: { $lte: 2 } });
    const stream = await openLive({ base: base(), appId: data.appId, lastEventId });
    const reset = await stream.next((e) => e.event === 'reset');
    expect(reset).toEqual({ id: '3', event: 'reset', data: { reason } });
    expect(stream.events.filter((e) => e.event === 'reset')).toHaveLength(1);
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: (path) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret)) }).expect(200);
    await create(t, data.appId, { title: 'Four' });
    expect(await stream.next((e) => e.event === 'created')).toMatchObject({ id: '4' });
    stream.close();
  });

  it('an import batch is one reset event naming the collection, not an event per row', async () => {
    const { data, stream } = await subscribedStream({ t, base: base(), subscriptions: [{ collection: 'products' }] });
    const csv = 'title,price\nLamp,5\nDesk,50\nChair,20\n';
    await data.owner.post(`/integrations/developer/apps/${data.appId}/db/collection/products/document/import`).set('Content-Type', 'text/csv').send(csv).expect(202);
    await runDueImports({ ctx: t.ctx });
    const reset = await stream.next((e) => e.event === 'reset', 15_000);
    expect(reset.data).toMatchObject({ collection: 'products' });
    expect(stream.events.filter((e) => e.event === 'created')).toEqual([]);
    stream.close();
  });
});

describe('limits', () => {
  const { t, base } = liveApp({ maxConnectionsPerApp: 2, maxBufferBytes: 16 * 1024 });

  it('sends a heartbeat comment while nothing happens', async () => {
    const { stream } = await subscribedStream({ t, base: base(), subscriptions: [{ collection: 'products' }] });
    // Every 300 ms here (LIMITS.heartbeatMs); up to 5 s on a loaded machine.
    for (let waited = 0; stream.heartbeats() === 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.heartbeats()).toBeGreaterThan(0);
    stream.close();
  });

  it('refuses a stream past the app\'s cap with 429 and a reason', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const open = [await openLive({ base: base(), appId: data.appId }), await openLive({ base: base(), appId: data.appId })];
    const refused = await request(t.app).get(`/api/v1/data/${data.appId}/live`).expect(429);
    expect(refused.body.message).toBe(liveConnectionsMessage(2));
    open[0].close();
    // The server frees the place once it sees the connection end, however long a loaded machine takes.
    for (let waited = 0; openStreams({ store: t.ctx.store, appId: data.appId }) > 1 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const third = await openLive({ base: base(), appId: data.appId });
    expect(third.status).toBe(200);
    for (const stream of [open[1], third]) stream.close();
  });

  it('closes a stream whose client does not read, with the reason, instead of buffering without end', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx, fields: [{ name: 'title', displayName: 'Title', type: 'text' }] });
    await setAccess({ owner: data.owner, appId: data.appId, access: { read: 'public', write: 'owner' } });
    const stream = await openLive({ base: base(), appId: data.appId, paused: true });
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] }).expect(200);
    const big = 'x'.repeat(200_000);
    // The socket's own buffers take a few MB before the server's starts to grow.
    for (let n = 0; n < 200 && openStreams({ store: t.ctx.store, appId: data.appId }) > 0; n += 1) {
      await createDocument({ ctx: t.ctx, appId: data.appId, name: 'products', input: { title: big }, view: 'owner' });
      await new Promise((resolve) => setImmediate(resolve));
    }
    stream.response.resume();
    const closed = await stream.next((e) => e.event === 'close', 20_000);
    expect(String(closed.data.reason)).toMatch(/^Too slow: more than 16384 bytes of events were waiting for this client/);
    await stream.ended();
  });
});

describe('bad subscriptions', () => {
  const { t, base } = liveApp();

  it.each([
    { scenario: 'an unknown client id', body: (clientId: string) => ({ clientId: `${clientId}x`, subscriptions: [] }), status: 404, message: LIVE_MESSAGES.clientNotFound },
    { scenario: 'a query and a docId', body: (clientId: string) => ({ clientId, subscriptions: [{ collection: 'products', query: { price: 1 }, docId: 'a' }] }), status: 400, message: LIVE_MESSAGES.queryOrDocId },
    { scenario: 'an operator outside the grammar', body: (clientId: string) => ({ clientId, subscriptions: [{ collection: 'products', query: { $where: 'x' } }] }), status: 400, message: 'Subscription 1: The query is not allowed: Unsupported query operator $where' },
    { scenario: 'a private field in the query', body: (clientId: string) => ({ clientId, subscriptions: [{ collection: 'products', query: { cost: 1 } }] }), status: 400, message: 'Subscription 1: The query uses a field that cannot be searched: cost' },
    { scenario: 'an object as a value in the query', body: (clientId: string) => ({ clientId, subscriptions: [{ collection: 'products', query: { title: { a: 1 } } }] }), status: 400, message: undefined },
    { scenario: 'an unknown collection', body: (clientId: string) => ({ clientId, subscriptions: [{ collection: 'nope' }] }), status: 404, message: 'Collection not found' },
    { scenario: 'an unknown key', body: (clientId: string) => ({ clientId, subscriptions: [{ collection: 'products', where: 'x' }] }), status: 400, message: undefined },
    { scenario: 'more than 20 subscriptions', body: (clientId: string) => ({ clientId, subscriptions: Array.from({ length: 21 }, (_, n) => ({ collection: 'products', docId: `d${n}` })) }), status: 400, message: undefined },
  ])('$scenario: $status', async ({ body, status, message }) => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const stream = await openLive({ base: base(), appId: data.appId });
    const res = await request(t.app).post(`/api/v1/data/${data.appId}/live`).set('Authorization', basic(data.appId, data.appSecret)).send(body(stream.clientId())).expect(status);
    if (message) expect(res.body.message).toBe(message);
    else expect(res.body.message).toEqual(expect.any(String));
    stream.close();
  });

  it('a client id of another app is not found there', async () => {
    const one = await dataApp({ app: t.app, ctx: t.ctx });
    const other = await dataApp({ app: t.app, ctx: t.ctx });
    const stream = await openLive({ base: base(), appId: one.appId });
    await request(t.app).post(`/api/v1/data/${other.appId}/live`).set('Authorization', basic(other.appId, other.appSecret)).send({ clientId: stream.clientId(), subscriptions: [] }).expect(404);
    stream.close();
  });

  it('an unknown app has no stream: 404', async () => {
    await request(t.app).get('/api/v1/data/no-such-app/live').expect(404);
  });
});
