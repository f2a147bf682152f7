// Each live event names the subscriptions it is for (issue 39; docs/public-data-api.md, "Which
// subscription an event is for"): by the id its client gave, else by its index in the set. One
// change may be several events for one stream (entering one query, leaving another), which come
// together with the seq on the last only; a resume with Last-Event-ID names them the same way.
import request from 'supertest';
import { basic, dataApp, documentsPath } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { liveApp, subscribe } from './live-app';
import { openLive } from './sse-client';
import type { LiveEvent, LiveStream } from './sse-client';

const { t, base } = liveApp();

const asApp = (data: DataApp) => (path: string) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret));

async function stream({ data, subscriptions, lastEventId }: { data: DataApp; subscriptions: object[]; lastEventId?: string }): Promise<LiveStream> {
  const opened = await openLive({ base: base(), appId: data.appId, lastEventId });
  await subscribe({ t, appId: data.appId, clientId: opened.clientId(), subscriptions, via: asApp(data) }).expect(200);
  return opened;
}

const create = async (data: DataApp, body: object): Promise<{ _id: string }> => (await asApp(data)(documentsPath(data.appId)).send(body).expect(201)).body.data as { _id: string };

const update = (data: DataApp, id: string, body: object) => request(t.app).put(`${documentsPath(data.appId)}/${id}`).set('Authorization', basic(data.appId, data.appSecret)).send(body).expect(200);

/** Every change event up to the fence's `created`, as [id, event, subscriptions, title or _id]. */
async function seen(live: LiveStream, fenceId: string): Promise<unknown[]> {
  await live.next((e) => e.event === 'created' && (e.data.document as { _id: string })._id === fenceId);
  return live.events.filter((e) => e.event !== 'connect').map(row);
}

const row = (e: LiveEvent): unknown[] => {
  const document = e.data.document as { _id: string; title?: string };
  return [e.id, e.event, e.data.subscriptions, document.title ?? document._id];
};

const CHEAP = { id: 'cheap', collection: 'products', query: { price: { $lt: 10 } } };
const DEAR = { id: 'dear', collection: 'products', query: { price: { $gte: 10 } } };

it('an update that takes a document from one query into another is a leave for one and an enter for the other, with the seq on the last', async () => {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  const lamp = await create(data, { title: 'Lamp', price: 5 });
  const live = await stream({ data, subscriptions: [CHEAP, DEAR, { id: 'lamp', collection: 'products', docId: lamp._id }] });
  const raised = (await update(data, lamp._id, { price: 50 })).body.data as { _version: number };
  const desk = await create(data, { title: 'Desk', price: 80 });
  await update(data, desk._id, { price: 90 });
  await request(t.app).delete(`${documentsPath(data.appId)}/${lamp._id}`).set('Authorization', basic(data.appId, data.appSecret)).expect(200);
  const fence = await create(data, { title: 'Fence', price: 1 });
  const events = await seen(live, fence._id);
  const ids = live.events.filter((e) => e.id !== undefined && e.event !== 'connect').map((e) => Number(e.id));
  const [raise, created, updated, deleted, fenced] = ids;
  expect(events).toEqual([
    // One change, three events: only the last carries its seq.
    [undefined, 'leave', ['cheap'], lamp._id],
    [undefined, 'enter', ['dear'], 'Lamp'],
    [String(raise), 'updated', ['lamp'], 'Lamp'],
    [String(created), 'created', ['dear'], 'Desk'],
    [String(updated), 'updated', ['dear'], 'Desk'],
    [String(deleted), 'deleted', ['dear', 'lamp'], 'Lamp'],
    [String(fenced), 'created', ['cheap'], 'Fence'],
  ]);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(live.events.find((e) => e.event === 'leave')?.data).toEqual({ collection: 'products', document: { _id: lamp._id, _version: raised._version }, subscriptions: ['cheap'] });
  live.close();
});

it('subscriptions without an id are named by their index in the set as POSTed', async () => {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  const live = await stream({ data, subscriptions: [{ collection: 'products', query: { price: { $gte: 10 } } }, { id: 'all', collection: 'products' }, { collection: 'products', query: { price: { $lt: 10 } } }] });
  const fence = await create(data, { title: 'Fence', price: 1 });
  const desk = await create(data, { title: 'Desk', price: 80 });
  await live.next((e) => (e.data.document as { _id?: string } | undefined)?._id === desk._id);
  expect(live.events.filter((e) => e.event === 'created').map((e) => [e.data.subscriptions, (e.data.document as { _id: string })._id])).toEqual([
    [['all', 2], fence._id],
    [[0, 'all'], desk._id],
  ]);
  live.close();
});

it('a resume with Last-Event-ID names the subscriptions as the live stream did, and one cut inside a change gets all of its events again', async () => {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  const live = await stream({ data, subscriptions: [CHEAP, DEAR] });
  const start = live.events[0].id;
  const lamp = await create(data, { title: 'Lamp', price: 5 });
  await update(data, lamp._id, { price: 50 });
  const fence = await create(data, { title: 'Fence', price: 1 });
  const events = await seen(live, fence._id);
  live.close();
  const replay = await stream({ data, subscriptions: [CHEAP, DEAR], lastEventId: start });
  expect(await seen(replay, fence._id)).toEqual(events);
  replay.close();
  // Resumed after the create: the leave without an id and the enter come again, both.
  const afterCreate = live.events.find((e) => e.event === 'created')?.id;
  const cut = await stream({ data, subscriptions: [CHEAP, DEAR], lastEventId: afterCreate });
  expect(await seen(cut, fence._id)).toEqual(events.slice(1));
  expect(events.map((e) => (e as unknown[]).slice(1, 3))).toEqual([
    ['created', ['cheap']],
    ['leave', ['cheap']],
    ['enter', ['dear']],
    ['created', ['cheap']],
  ]);
  cut.close();
});

it("an import's reset names the collection's subscriptions", async () => {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  const live = await stream({ data, subscriptions: [CHEAP, { id: 'lamp', collection: 'products', docId: 'x1' }] });
  await data.owner.post(`/integrations/developer/apps/${data.appId}/db/collection/products/document/import`).set('Content-Type', 'text/csv').send('title,price\nDesk,50\n').expect(202);
  await runDueImports({ ctx: t.ctx });
  const reset = await live.next((e) => e.event === 'reset', 15_000);
  expect(reset.data).toEqual({ reason: expect.any(String) as string, collection: 'products', subscriptions: ['cheap', 'lamp'] });
  live.close();
});

it('two subscriptions of one set with the same id are refused, naming the second, and an id out of bounds too', async () => {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  const live = await openLive({ base: base(), appId: data.appId });
  const post = (subscriptions: object[]) => subscribe({ t, appId: data.appId, clientId: live.clientId(), subscriptions, via: asApp(data) });
  const twice = await post([CHEAP, { ...DEAR, id: 'x' }, { ...DEAR, id: 'cheap' }]).expect(400);
  expect(twice.body.message).toBe('Subscription 3: The id "cheap" is subscription 1\'s already: give each subscription its own');
  for (const id of ['', 'a b', 'x'.repeat(65), 'é']) await post([{ ...CHEAP, id }]).expect(400);
  await post([{ ...CHEAP, id: 'x'.repeat(64) }, { ...DEAR, id: 'A-z_0.9:b' }]).expect(200);
  live.close();
});
