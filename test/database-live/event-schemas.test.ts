// Every kind of event a real stream sends is valid against the app's own live document (issue 36,
// item 14): checked by an independent validator (Ajv, JSON Schema 2020-12, formats included), each
// event as a client reads it, against the stream's `x-event` schema. A `reset` and a `close` may
// carry the same data, so only the event's name can tell them apart.
import request from 'supertest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { basic, dataApp, documentsPath } from '../database-public/fixtures';
import { closeHub } from '../../server/services/database/live/hub';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { liveApp, subscribe } from './live-app';
import { openLive } from './sse-client';
import type { LiveEvent } from './sse-client';

const { t, base } = liveApp();

interface Document {
  components: { schemas: Record<string, { 'x-event'?: { $ref: string } }> };
}

it('validates every event kind the stream sends (connect, created, updated, deleted, enter, leave, both resets, close, a change of two events), and refuses one under a wrong name or naming no subscription', async () => {
  const data = await dataApp({ app: t.app, ctx: t.ctx });
  const asApp = basic(data.appId, data.appSecret);
  const doc = (await request(t.app).get(`/api/v1/data/${data.appId}/openapi.json`).set('Authorization', asApp).expect(200)).body as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const eventSchema = doc.components.schemas.Live_Stream['x-event'];
  expect(eventSchema).toEqual({ $ref: '#/components/schemas/Live_Event' });
  const validate = ajv.compile({ $ref: eventSchema?.$ref, components: doc.components });

  const stream = await openLive({ base: base(), appId: data.appId });
  await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: (path) => request(t.app).post(path).set('Authorization', asApp) }).expect(200);
  // A query's stream: the update to 7 enters it, the one to 1 leaves it.
  const narrowed = await openLive({ base: base(), appId: data.appId });
  await subscribe({ t, appId: data.appId, clientId: narrowed.clientId(), subscriptions: [{ collection: 'products', query: { price: { $gte: 6 } } }], via: (path) => request(t.app).post(path).set('Authorization', asApp) }).expect(200);
  // Two queries one change moves a document between: two events, only the last with the change's id.
  const split = await openLive({ base: base(), appId: data.appId });
  const halves = [{ id: 'low', collection: 'products', query: { price: { $lt: 6 } } }, { collection: 'products', query: { price: { $gte: 6 } } }];
  await subscribe({ t, appId: data.appId, clientId: split.clientId(), subscriptions: halves, via: (path) => request(t.app).post(path).set('Authorization', asApp) }).expect(200);
  const path = documentsPath(data.appId);
  const created = (await request(t.app).post(path).set('Authorization', asApp).send({ title: 'Lamp', price: 5, colour: 'red' }).expect(201)).body.data;
  await request(t.app).put(`${path}/${created._id}`).set('Authorization', asApp).send({ price: 7 }).expect(200);
  await request(t.app).put(`${path}/${created._id}`).set('Authorization', asApp).send({ price: 1 }).expect(200);
  await request(t.app).delete(`${path}/${created._id}`).set('Authorization', asApp).expect(200);
  await narrowed.next((e) => e.event === 'leave');
  await data.owner.post(`/integrations/developer/apps/${data.appId}/db/collection/products/document/import`).set('Content-Type', 'text/csv').send('title,price\nDesk,50\n').expect(202);
  await runDueImports({ ctx: t.ctx });
  await stream.next((e) => e.event === 'reset', 15_000);
  // A resume the log cannot serve: the other reset, the one naming no collection.
  const resumed = await openLive({ base: base(), appId: data.appId, lastEventId: '999999' });
  await resumed.next((e) => e.event === 'reset');
  closeHub({ store: t.ctx.store, reason: 'The server is stopping: reconnect' });
  await stream.next((e) => e.event === 'close');
  await resumed.ended();
  await narrowed.ended();
  await split.ended();

  // As a client holds them: an event without an id line has no id.
  const events = [...stream.events, ...resumed.events, ...narrowed.events, ...split.events].map((e) => JSON.parse(JSON.stringify(e)) as LiveEvent);
  expect([...new Set(events.map((e) => e.event))].sort()).toEqual(['close', 'connect', 'created', 'deleted', 'enter', 'leave', 'reset', 'updated']);
  expect(events.filter((e) => e.event === 'reset').map((e) => 'collection' in e.data)).toEqual([true, false, true, true]);
  expect(narrowed.events.map((e) => e.event)).toEqual(['connect', 'enter', 'leave', 'reset', 'close']);
  expect(split.events.map((e) => [e.event, e.id === undefined ? 'no id' : 'id', e.data.subscriptions])).toEqual([
    ['connect', 'id', undefined],
    ['created', 'id', ['low']],
    ['leave', 'no id', ['low']],
    ['enter', 'id', [1]],
    ['enter', 'no id', ['low']],
    ['leave', 'id', [1]],
    ['deleted', 'id', ['low']],
    ['reset', 'id', ['low', 1]],
    ['close', 'no id', undefined],
  ]);
  const invalid = events.flatMap((event) => (validate(event) ? [] : [{ event, errors: validate.errors }]));
  expect(invalid).toEqual([]);
  // The schema still discriminates: a close's data under the name reset with no id, or a change under connect, is refused.
  const close = events.find((e) => e.event === 'close') as LiveEvent;
  const change = events.find((e) => e.event === 'created') as LiveEvent;
  const leave = events.find((e) => e.event === 'leave') as LiveEvent;
  const { subscriptions: _named, ...unnamed } = change.data;
  expect([validate({ ...close, event: 'reset' }), validate({ ...change, event: 'connect' }), validate({ ...change, event: 'leave' }), validate({ ...change, data: unnamed })]).toEqual([false, false, false, false]);
  expect(validate(leave)).toBe(true);
});
