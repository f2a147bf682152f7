// Private fields never leave through the public data API, password fields never at all; the owner's
// own API still shows private fields.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { basic, dataApp, documentsPath, PRODUCT_FIELDS, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
let docId: string;

const asApp = (method: 'get' | 'post' | 'put', path: string) => request(t.app)[method](path).set('Authorization', basic(a.appId, a.appSecret));

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
  await setAccess({ owner: a.owner, appId: a.appId, access: { read: 'public', write: 'owner' } });
  const created = await asApp('post', documentsPath(a.appId)).send({ title: 'Lamp', price: 20, cost: 7, pin: 'hunter22' }).expect(201);
  docId = created.body.data._id;
  expect(created.body.data).toMatchObject({ title: 'Lamp', price: 20 });
  expect(created.body.data).not.toHaveProperty('cost');
  expect(created.body.data).not.toHaveProperty('pin');
});

it.each([
  ['the list, anonymously', () => request(t.app).get(documentsPath(a.appId)), (body: { data: { items: object[] } }) => body.data.items[0]],
  ['one document, anonymously', () => request(t.app).get(`${documentsPath(a.appId)}/${docId}`), (body: { data: object }) => body.data],
  ['the list, as the app', () => asApp('get', documentsPath(a.appId)), (body: { data: { items: object[] } }) => body.data.items[0]],
  ['an update, as the app', () => asApp('put', `${documentsPath(a.appId)}/${docId}`).send({ price: 21 }), (body: { data: object }) => body.data],
])('%s holds neither the private nor the password field', async (_name, call, documentOf) => {
  const res = await call().expect(200);
  const document = documentOf(res.body);
  expect(document).toMatchObject({ _id: docId, title: 'Lamp' });
  expect(document).not.toHaveProperty('cost');
  expect(document).not.toHaveProperty('pin');
});

it('the owner sees the private field but never the password', async () => {
  const res = await a.owner.get(`/integrations/developer/apps/${a.appId}/db/collection/products/document/${docId}`).expect(200);
  expect(res.body.data).toMatchObject({ cost: 7 });
  expect(res.body.data).not.toHaveProperty('pin');
});

it('a filter on a private field is refused, so its values cannot be guessed', async () => {
  const query = encodeURIComponent(JSON.stringify({ cost: { $gt: 5 } }));
  const res = await request(t.app).get(`${documentsPath(a.appId)}?query=${query}`).expect(400);
  expect(res.body.message).toMatch(/cost/);
});

it('a filter allowed a moment ago is refused once its field turns private (no verdict outlives the fields)', async () => {
  const query = encodeURIComponent(JSON.stringify({ price: { $gt: 5 } }));
  for (let i = 0; i < 2; i += 1) await request(t.app).get(`${documentsPath(a.appId)}?query=${query}`).expect(200);
  const fields = PRODUCT_FIELDS.map((field) => (field.name === 'price' ? { ...field, validation: { private: true } } : field));
  await a.owner.post(`/integrations/developer/apps/${a.appId}/db/collection/products/schema`).send({ attributes: fields }).expect(200);
  const res = await request(t.app).get(`${documentsPath(a.appId)}?query=${query}`).expect(400);
  expect(res.body.message).toMatch(/price/);
  await a.owner.post(`/integrations/developer/apps/${a.appId}/db/collection/products/schema`).send({ attributes: PRODUCT_FIELDS }).expect(200);
});

it('the live document describes neither in what it answers', async () => {
  const res = await request(t.app).get(`/api/v1/data/${a.appId}/openapi.json`).expect(200);
  const read = res.body.components.schemas.Products.properties;
  expect(Object.keys(read)).toEqual(expect.arrayContaining(['_id', 'title', 'price', 'colour']));
  expect(read).not.toHaveProperty('cost');
  expect(read).not.toHaveProperty('pin');
});
