// A create may name its document (issue 39 item 3, offline-first): the id the client chose is the
// document's, one taken answers 409 with a clear message, so a client that lost the answer can send
// the create again and learn it was done, never doubling the record; in a batch too.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { basic, dataApp, documentsPath } from './fixtures';
import type { DataApp } from './fixtures';
import { DATABASE_MESSAGES, DOCUMENT_ID_PATTERN } from '../../rules/database';

const t = withTestApp();

const asApp = (data: DataApp, test: request.Test): request.Test => test.set('Authorization', basic(data.appId, data.appSecret));
const create = (data: DataApp, body: object) => asApp(data, request(t.app).post(documentsPath(data.appId))).send(body);
const batch = (data: DataApp, operations: object[]) => asApp(data, request(t.app).post(`/api/v1/data/${data.appId}/batch`)).send({ operations });
const count = async (data: DataApp): Promise<number> => (await asApp(data, request(t.app).get(`/api/v1/data/${data.appId}/collections/products/count`)).expect(200)).body.data.count as number;

describe('a create with the _id the client chose', () => {
  it('stores the document under that id; sent again it answers 409 with the id named, and the record is not doubled', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const first = await create(data, { _id: 'order-1_A', title: 'Lamp' }).expect(201);
    expect(first.body.data).toMatchObject({ _id: 'order-1_A', title: 'Lamp', _version: 1 });
    await asApp(data, request(t.app).get(`${documentsPath(data.appId)}/order-1_A`)).expect(200);
    const again = await create(data, { _id: 'order-1_A', title: 'Lamp' }).expect(409);
    expect(again.body).toMatchObject({ message: DATABASE_MESSAGES.documentIdTaken, fieldErrors: { _id: DATABASE_MESSAGES.documentIdTaken } });
    expect(await count(data)).toBe(1);
  });

  it.each([
    ['a number', 5],
    ['a space', 'my lamp'],
    ['65 characters', 'a'.repeat(65)],
    ['an empty text', ''],
  ])('refuses an _id that is %s with 400', async (_what, id) => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const refused = await create(data, { _id: id, title: 'Lamp' }).expect(400);
    expect(Object.keys(refused.body.fieldErrors as object)).toContain('_id');
    expect(await count(data)).toBe(0);
  });

  it('of several creates with one id at the same moment, exactly one is stored and the others answer 409', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(data, { _id: 'same', title: 'Lamp' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.message)).toEqual(Array(4).fill(DATABASE_MESSAGES.documentIdTaken));
    expect(await count(data)).toBe(1);
  });

  it('an update ignores _id in its body, as before', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    await create(data, { _id: 'lamp', title: 'Lamp' }).expect(201);
    const updated = await asApp(data, request(t.app).put(`${documentsPath(data.appId)}/lamp`)).send({ _id: 'other', price: 3 }).expect(200);
    expect(updated.body.data).toMatchObject({ _id: 'lamp', price: 3 });
  });

  it('the live document declares the _id a create takes, with its pattern, and none for an update', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const doc = (await asApp(data, request(t.app).get(`/api/v1/data/${data.appId}/openapi.json`)).expect(200)).body;
    const { Products_Create: created, Products_Update: updated } = doc.components.schemas;
    expect(created.properties._id).toMatchObject({ type: 'string', pattern: DOCUMENT_ID_PATTERN });
    expect(updated.properties._id).not.toHaveProperty('pattern');
  });
});

describe('in a batch', () => {
  it('creates under the chosen id, and a later operation may update that record', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const answer = await batch(data, [
      { action: 'create', collection: 'products', body: { _id: 'chair', title: 'Chair' } },
      { action: 'update', collection: 'products', id: 'chair', body: { price: 12 }, ifMatch: 1 },
    ]).expect(200);
    expect(answer.body.data.results.map((r: { status: number; data: object }) => [r.status, r.data])).toEqual([
      [201, expect.objectContaining({ _id: 'chair', _version: 1 })],
      [200, expect.objectContaining({ _id: 'chair', price: 12, _version: 2 })],
    ]);
  });

  it('refuses with 409 an id taken before the batch or by an earlier create of it, and writes nothing', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    await create(data, { _id: 'lamp', title: 'Lamp' }).expect(201);
    const taken = await batch(data, [
      { action: 'create', collection: 'products', body: { title: 'Desk' } },
      { action: 'create', collection: 'products', body: { _id: 'lamp', title: 'Lamp' } },
    ]).expect(409);
    expect(taken.body.message).toBe(`Operation 2: ${DATABASE_MESSAGES.documentIdTaken}`);
    const twice = await batch(data, [
      { action: 'create', collection: 'products', body: { _id: 'sofa', title: 'Sofa' } },
      { action: 'create', collection: 'products', body: { _id: 'sofa', title: 'Sofa' } },
    ]).expect(409);
    expect(twice.body.message).toBe(`Operation 2: ${DATABASE_MESSAGES.documentIdTaken}`);
    expect(await count(data)).toBe(1);
  });
});
