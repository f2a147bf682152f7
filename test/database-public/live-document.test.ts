// The live OpenAPI 3.1 document of an app's collections: valid, built from the fields at each
// request, limited to what the caller may reach, and rendered by Scalar at /docs.
import request from 'supertest';
import { OpenAPISchemaValidator } from 'express-openapi-validator/dist/framework/openapi.schema.validator';
import { withTestApp } from '../helpers/test-app';
import { addCollection, basic, dataApp, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;

const documentPath = (): string => `/api/v1/data/${a.appId}/openapi.json`;
interface Operation {
  operationId: string;
  security: unknown[];
}
interface LiveDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
}

const fetchDocument = async (authorization?: string): Promise<LiveDocument> => {
  const call = request(t.app).get(documentPath());
  return (await (authorization ? call.set('Authorization', authorization) : call).expect(200)).body;
};
const asApp = (): string => basic(a.appId, a.appSecret);

/** The same meta-schema check test/pipeline gives the product's own document. */
const metaSchemaErrors = (doc: LiveDocument): unknown[] =>
  new OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: true }).validate(doc as never).errors ?? [];

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
});

it('passes the OpenAPI 3.1 meta-schema, with one path set and one schema per collection', async () => {
  const doc = await fetchDocument(asApp());
  expect(doc.openapi).toBe('3.1.0');
  expect(metaSchemaErrors(doc)).toEqual([]);
  const base = `/api/v1/data/${a.appId}/collections/products`;
  expect(Object.keys(doc.paths)).toEqual([`${base}/documents`, `${base}/count`, `${base}/documents/{docId}`, `/api/v1/data/${a.appId}/live`, `/api/v1/data/${a.appId}/batch`]);
  expect(Object.keys(doc.paths[`${base}/documents`])).toEqual(['get', 'post']);
  expect(doc.paths[`${base}/documents`].post.operationId).toBe('createProducts');
});

it('carries types, formats, enums, required fields and lengths from the fields', async () => {
  const { schemas } = (await fetchDocument(asApp())).components;
  expect(schemas.Products_Create).toMatchObject({
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', minLength: 2, maxLength: 40, title: 'Title' },
      price: { type: ['number', 'null'] },
      colour: { type: ['string', 'null'], enum: ['red', 'green', null] },
      pin: { type: ['string', 'null'], writeOnly: true },
    },
  });
  expect(schemas.Products.properties._created).toMatchObject({ type: 'string', format: 'date-time' });
});

it('changes the moment a field is added, and a collection appears with its own schema', async () => {
  const before = await fetchDocument(asApp());
  expect(before.components.schemas.Products.properties).not.toHaveProperty('email');
  const schema = await a.owner.get(`/integrations/developer/apps/${a.appId}/db/collection/products/schema`).expect(200);
  const attributes = [...schema.body.data.attributes, { name: 'email', displayName: 'Email', type: 'email' }];
  await a.owner.post(`/integrations/developer/apps/${a.appId}/db/collection/products/schema`).send({ attributes }).expect(200);
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'order-lines', fields: [{ name: 'quantity', displayName: 'Quantity', type: 'number' }] });

  const after = await fetchDocument(asApp());
  expect(after.components.schemas.Products.properties.email).toMatchObject({ type: 'string', format: 'email' });
  expect(after.components.schemas.OrderLines.properties.quantity).toMatchObject({ type: 'number' });
  expect(Object.keys(after.paths)).toContain(`/api/v1/data/${a.appId}/collections/order-lines/documents`);
  expect(metaSchemaErrors(after)).toEqual([]);
});

it('shows each caller only what it may reach, with the security its rules ask for', async () => {
  await setAccess({ owner: a.owner, appId: a.appId, access: { read: 'public', write: 'authenticated' } });
  const anonymous = await fetchDocument();
  const base = `/api/v1/data/${a.appId}/collections/products`;
  expect(Object.keys(anonymous.paths)).toEqual([`${base}/documents`, `${base}/count`, `${base}/documents/{docId}`, `/api/v1/data/${a.appId}/live`]);
  expect(Object.keys(anonymous.paths[`${base}/documents`])).toEqual(['get']);
  expect(anonymous.paths[`${base}/documents`].get.security).toEqual([{}, { appCredentials: [] }, { installToken: [] }]);
  const owner = (await a.owner.get(documentPath()).expect(200)).body as LiveDocument;
  expect(owner.paths[`${base}/documents`].post.security).toEqual([{ appCredentials: [] }, { installToken: [] }]);
  expect(owner.paths[`/api/v1/data/${a.appId}/collections/order-lines/documents`].get.security).toEqual([{ appCredentials: [] }]);
});

it('declares the live stream as text/event-stream with the data of each event, and subscriptions to the collections the caller may read', async () => {
  await setAccess({ owner: a.owner, appId: a.appId, access: { read: 'public', write: 'owner' } });
  const anonymous = await fetchDocument();
  const live = anonymous.paths[`/api/v1/data/${a.appId}/live`] as unknown as Record<string, { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }>;
  expect(Object.keys(live)).toEqual(['get', 'post']);
  expect(Object.keys(live.get.responses['200'].content ?? {})).toEqual(['text/event-stream']);
  const schemas = anonymous.components.schemas as unknown as Record<string, { properties?: Record<string, unknown>; oneOf?: { properties: { data: { oneOf?: unknown[] } } }[] }>;
  expect(schemas.Products_Event.properties).toEqual({
    collection: { const: 'products' },
    document: { $ref: '#/components/schemas/Products' },
    subscriptions: expect.objectContaining({ type: 'array', minItems: 1, maxItems: 20 }),
  });
  expect(schemas.Live_Event.oneOf?.[1].properties.data.oneOf).toContainEqual({ $ref: '#/components/schemas/Products_Event' });
  // order-lines is open to the app only: an anonymous caller cannot subscribe to it, and the document says so.
  const forms = (schemas.Live_Subscription as unknown as { oneOf: { properties: Record<string, unknown> }[] }).oneOf;
  expect(forms.map((form) => [form.properties.collection, form.properties.query])).toEqual([[{ const: 'products' }, expect.objectContaining({ $ref: '#/components/schemas/Products_Filter' })]]);
  await setAccess({ owner: a.owner, appId: a.appId, access: { read: 'owner', write: 'owner' } });
  const nothingReadable = await fetchDocument();
  expect(nothingReadable.paths[`/api/v1/data/${a.appId}/live`]).toBeUndefined();
});

it.each([
  ['an unknown app', 404, '/api/v1/data/no-such-app/openapi.json', undefined],
  ['a wrong secret', 401, undefined, 'wrong'],
])('answers %s with %i', async (_name, status, path, secret) => {
  const call = request(t.app).get(path ?? documentPath());
  await (secret ? call.set('Authorization', basic(a.appId, secret)) : call).expect(status);
});

it('is never cached', async () => {
  const res = await request(t.app).get(documentPath()).expect(200);
  expect(res.headers['cache-control']).toBe('no-store');
});

it('is rendered by Scalar at /docs with a same-origin script policy and no inline script', async () => {
  const page = await request(t.app).get(`/api/v1/data/${a.appId}/docs`).expect(200);
  expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
  const scripts = [...page.text.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1]);
  expect(scripts[1]).toBe(`/api/v1/data/${a.appId}/docs/init.js`);
  expect(page.text).not.toMatch(/<script>/);
  await request(t.app).get(scripts[0]).expect(200);
  const init = await request(t.app).get(scripts[1]).expect(200);
  expect(init.text).toContain(`"url":"/api/v1/data/${a.appId}/openapi.json"`);
});
