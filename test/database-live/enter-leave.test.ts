// Enter and leave (issue 39 item 2; docs/public-data-api.md, "Enter and leave"): an update that
// makes a document start matching a subscription's query sends `enter`, one that makes it stop
// matching sends `leave` (its id and version only), the rest as before; a resume from the log
// gives the same events a live stream got.
import request from 'supertest';
import { basic, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import { allRules } from '../database-rules/callers';
import type { DataApp } from '../database-public/fixtures';
import { changeLog } from '../../server/services/database/live/model';
import { liveApp, subscribe } from './live-app';
import { openLive } from './sse-client';
import type { LiveEvent, LiveStream } from './sse-client';

const { t, base } = liveApp();

const REVIEW_FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text' },
  { name: 'rating', displayName: 'Rating', type: 'number' },
  { name: 'note', displayName: 'Note', type: 'text' },
  { name: 'published', displayName: 'Published', type: 'boolean' },
];
const GOOD = { collection: 'reviews', query: { rating: { $gte: 4 } } };

const asApp = (data: DataApp) => (path: string) => request(t.app).post(path).set('Authorization', basic(data.appId, data.appSecret));

async function reviewsApp(): Promise<DataApp> {
  return dataApp({ app: t.app, ctx: t.ctx, collection: 'reviews', fields: REVIEW_FIELDS });
}

async function stream({ data, subscriptions, lastEventId }: { data: DataApp; subscriptions: object[]; lastEventId?: string }): Promise<LiveStream> {
  const opened = await openLive({ base: base(), appId: data.appId, lastEventId });
  await subscribe({ t, appId: data.appId, clientId: opened.clientId(), subscriptions, via: asApp(data) }).expect(200);
  return opened;
}

const create = async (data: DataApp, body: object): Promise<{ _id: string }> =>
  (await asApp(data)(documentsPath(data.appId, 'reviews')).send(body).expect(201)).body.data as { _id: string };

const update = (data: DataApp, id: string, body: object) => request(t.app).put(`${documentsPath(data.appId, 'reviews')}/${id}`).set('Authorization', basic(data.appId, data.appSecret)).send(body).expect(200);

const changes = (events: LiveEvent[]) => events.filter((e) => e.event !== 'connect').map((e) => ({ id: e.id, event: e.event, data: e.data }));

/** Every change of the stream up to the fence's `created`, as [event, title or id, rating]. */
async function seen(live: LiveStream, fenceId: string): Promise<unknown[]> {
  await live.next((e) => e.event === 'created' && (e.data.document as { _id: string })._id === fenceId);
  return changes(live.events).map(({ event, data }) => {
    const document = data.document as { _id: string; title?: string; rating?: number };
    return [event, document.title ?? document._id, document.rating];
  });
}

it('a rating >= 4 query: 3 to 5 enters, 5 to 4 updates, 4 to 2 leaves with the id and version only, 2 to 1 sends nothing', async () => {
  const data = await reviewsApp();
  const live = await stream({ data, subscriptions: [GOOD] });
  const review = await create(data, { title: 'Fine', rating: 3 });
  await update(data, review._id, { rating: 5 });
  await update(data, review._id, { rating: 4 });
  const left = (await update(data, review._id, { rating: 2 })).body.data as { _version: number };
  await update(data, review._id, { rating: 1 });
  const fence = await create(data, { title: 'Fence', rating: 5 });
  expect(await seen(live, fence._id)).toEqual([
    ['enter', 'Fine', 5],
    ['updated', 'Fine', 4],
    ['leave', review._id, undefined],
    ['created', 'Fence', 5],
  ]);
  expect(live.events.find((e) => e.event === 'leave')?.data).toEqual({ collection: 'reviews', document: { _id: review._id, _version: left._version }, subscriptions: [0] });
  live.close();
});

it('an update that changes no field the query reads sends updated inside the query and nothing outside it', async () => {
  const data = await reviewsApp();
  const live = await stream({ data, subscriptions: [GOOD] });
  const good = await create(data, { title: 'Good', rating: 5 });
  const poor = await create(data, { title: 'Poor', rating: 1 });
  await update(data, good._id, { note: 'Seen' });
  await update(data, poor._id, { note: 'Seen' });
  const fence = await create(data, { title: 'Fence', rating: 4 });
  expect(await seen(live, fence._id)).toEqual([
    ['created', 'Good', 5],
    ['updated', 'Good', 5],
    ['created', 'Fence', 4],
  ]);
  live.close();
});

it('a docId subscription is unchanged: every update of the document is updated, in and out of any rating', async () => {
  const data = await reviewsApp();
  const review = await create(data, { title: 'Followed', rating: 3 });
  const live = await stream({ data, subscriptions: [{ collection: 'reviews', docId: review._id }] });
  for (const rating of [5, 2, 1]) await update(data, review._id, { rating });
  await live.next((e) => (e.data.document as { rating?: number } | undefined)?.rating === 1);
  expect(changes(live.events).map(({ event, data: d }) => [event, (d.document as { rating: number }).rating])).toEqual([
    ['updated', 5],
    ['updated', 2],
    ['updated', 1],
  ]);
  live.close();
});

it("a batch's updates enter and leave as the single path's do", async () => {
  const data = await reviewsApp();
  const live = await stream({ data, subscriptions: [GOOD] });
  const review = await create(data, { title: 'Batched', rating: 3 });
  const operations = [4, 5, 1].map((rating) => ({ action: 'update', collection: 'reviews', id: review._id, body: { rating } }));
  await asApp(data)(`/api/v1/data/${data.appId}/batch`).send({ operations }).expect(200);
  const fence = await create(data, { title: 'Fence', rating: 5 });
  expect(await seen(live, fence._id)).toEqual([
    ['enter', 'Batched', 4],
    ['updated', 'Batched', 5],
    ['leave', review._id, undefined],
    ['created', 'Fence', 5],
  ]);
  live.close();
});

it('a resume with Last-Event-ID replays the same enter and leave events, with the same ids, as the live stream got', async () => {
  const data = await reviewsApp();
  const live = await stream({ data, subscriptions: [GOOD] });
  const start = live.events.find((e) => e.event === 'connect')?.id;
  const review = await create(data, { title: 'Again', rating: 2 });
  for (const rating of [4, 5, 3]) await update(data, review._id, { rating });
  const fence = await create(data, { title: 'Fence', rating: 4 });
  await seen(live, fence._id);
  live.close();
  const replay = await stream({ data, subscriptions: [GOOD], lastEventId: start });
  await seen(replay, fence._id);
  expect(changes(replay.events)).toEqual(changes(live.events));
  expect(changes(live.events).map((e) => e.event)).toEqual(['enter', 'updated', 'leave', 'created']);
  replay.close();
});

it("a document leaves when an update takes it out of the caller's list rule, and enters when one brings it back", async () => {
  const data = await reviewsApp();
  await setAccess({ owner: data.owner, appId: data.appId, collection: 'reviews', access: { rules: { ...allRules({ kind: 'locked' }), list: { kind: 'filter', filter: '{"published":true}' } } } });
  const live = await openLive({ base: base(), appId: data.appId });
  await subscribe({ t, appId: data.appId, clientId: live.clientId(), subscriptions: [GOOD] }).expect(200);
  const review = await create(data, { title: 'Shown', rating: 5, published: true });
  await update(data, review._id, { published: false });
  await update(data, review._id, { published: true });
  const fence = await create(data, { title: 'Fence', rating: 5, published: true });
  expect(await seen(live, fence._id)).toEqual([
    ['created', 'Shown', 5],
    ['leave', review._id, undefined],
    ['enter', 'Shown', 5],
    ['created', 'Fence', 5],
  ]);
  live.close();
});

it('an update entry keeps only the fields the update changed, as they were before it', async () => {
  const data = await reviewsApp();
  const review = await create(data, { title: 'Long', rating: 3, note: 'x'.repeat(2000) });
  await update(data, review._id, { rating: 5, title: 'Longer' });
  const entry = (await changeLog(t.ctx).find({ appId: data.appId, type: 'updated' }))[0];
  // `_updated` too when the clock moved between the two writes (the test clock may not).
  expect(Object.keys(entry.prior?.set ?? {}).filter((key) => key !== '_updated').sort()).toEqual(['_version', 'rating', 'title']);
  expect(entry.prior).toMatchObject({ set: { rating: 3, title: 'Long' }, absent: [] });
});
