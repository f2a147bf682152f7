// Issue 18 item 6: the live document is exact. For each body, filter and order below, an
// independent validator (Ajv) reading the document's own schema and the server agree: what the
// schema accepts is stored or listed (or refused for the data's state: 409), what it refuses is a
// 400. And every operation declares every status the server can answer.
import request from 'supertest';
import Ajv2020 from 'ajv/dist/2020';
import { withTestApp } from '../helpers/test-app';
import { addCollection, basic, dataApp } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
let doc: LiveDocument;

interface LiveDocument {
  paths: Record<string, Record<string, { operationId?: string; parameters?: { name: string; content?: Record<string, { schema: unknown }> }[]; responses: Record<string, { headers?: Record<string, { required?: boolean }> }> }>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

const THING_FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true, indexable: true, minLength: 2, maxLength: 40 } },
  { name: 'code', displayName: 'Code', type: 'text', validation: { unique: true } },
  { name: 'price', displayName: 'Price', type: 'number' },
  { name: 'colour', displayName: 'Colour', type: 'enumeration', validation: { enum: ['red', 'green'] } },
  { name: 'inStock', displayName: 'In stock', type: 'boolean', defaultValue: true },
  { name: 'contact', displayName: 'Contact', type: 'email' },
  { name: 'site', displayName: 'Site', type: 'url' },
  { name: 'released', displayName: 'Released', type: 'date' },
  { name: 'extra', displayName: 'Extra', type: 'json' },
  { name: 'tags', displayName: 'Tags', type: 'array', subtype: 'text' },
  { name: 'product', displayName: 'Product', type: 'relation', relation: 'products' },
  { name: 'picture', displayName: 'Picture', type: 'media' },
  { name: 'cost', displayName: 'Cost', type: 'number', validation: { private: true } },
];

const things = (): string => `/api/v1/data/${a.appId}/collections/things`;
const asApp = (test: request.Test): request.Test => test.set('Authorization', basic(a.appId, a.appSecret));

/** Ajv, formats left aside like the server's check: the schemas carry the shapes the server checks as patterns. */
function accepts(name: string, value: unknown): boolean {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  return ajv.validate({ $ref: `#/components/schemas/${name}`, components: doc.components }, value);
}

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'things', fields: THING_FIELDS });
  await asApp(request(t.app).post(`${things()}/documents`)).send({ title: 'Taken', code: 'TAKEN', _id: 'taken-id' }).expect(201);
  doc = (await asApp(request(t.app).get(`/api/v1/data/${a.appId}/openapi.json`)).expect(200)).body;
});

// [what, status, body]: 2xx and 409 answer bodies the schema accepts, 400 the ones it refuses.
const CREATES: Array<[string, number, Record<string, unknown>]> = [
  ['the required field alone', 201, { title: 'Lamp' }],
  ['null for fields that are not required', 201, { title: 'Lamp', price: null, colour: null, extra: null }],
  ['every type in its shape', 201, { title: 'Lamp', price: 2.5, colour: 'red', inStock: false, contact: 'ann@shop.example', site: 'https://shop.example/a?b=c#d', released: '2025-02-28', extra: { a: [1, { b: null }] }, tags: ['x', ''] }],
  ['system fields, which are ignored, and an _id the client chose', 201, { title: 'Lamp', _id: 'mine', _created: 'yesterday' }],
  ['system fields of any type, which are ignored too', 201, { title: 'Lamp', _created: [null], _updated: { at: 1 } }],
  ['an _id that is not text', 400, { title: 'Lamp', _id: 5 }],
  ['an _id with a space', 400, { title: 'Lamp', _id: 'my lamp' }],
  ['an _id a document holds already', 409, { title: 'Lamp', _id: 'taken-id' }],
  ['an empty required text', 400, { title: '' }],
  ['a missing required field', 400, { price: 3 }],
  ['an unknown key', 400, { title: 'Lamp', nope: 1 }],
  ['a private field it may not write', 400, { title: 'Lamp', costs: 1 }],
  ['a number as text', 400, { title: 'Lamp', price: '5' }],
  ['a boolean as text', 400, { title: 'Lamp', inStock: 'true' }],
  ['a date in US order', 400, { title: 'Lamp', released: '01/15/2025' }],
  ['a URL that is not http', 400, { title: 'Lamp', site: 'ftp://shop.example' }],
  ['an email without a dotted domain', 400, { title: 'Lamp', contact: 'ann@shop' }],
  ['a JSON key starting with $', 400, { title: 'Lamp', extra: { $where: 1 } }],
  ['a list field given one value', 400, { title: 'Lamp', tags: 'x' }],
  ['a value outside the enumeration', 400, { title: 'Lamp', colour: 'blue' }],
  ['a text over its maxLength in characters', 400, { title: '💡'.repeat(41) }],
  ['a text at its maxLength in characters (emoji are one each)', 201, { title: '💡'.repeat(40) }],
  ['a unique value taken', 409, { title: 'Lamp', code: 'TAKEN' }],
  ['a relation to no document', 409, { title: 'Lamp', product: 'no-such-product' }],
  ['an upload that does not exist', 409, { title: 'Lamp', picture: 'no-such-file' }],
];

it.each(CREATES)('create with %s: the server answers %i, as the schema says', async (_what, status, body) => {
  expect(accepts('Things_Create', body)).toBe(status !== 400);
  const res = await asApp(request(t.app).post(`${things()}/documents`)).send(body);
  expect(res.status === status ? status : `${res.status} ${res.body.message}`).toBe(status);
  if (status === 201 && '_id' in body) expect(res.body.data._id).toBe(body._id);
});

const UPDATES: Array<[string, number, Record<string, unknown>]> = [
  ['nothing', 200, {}],
  ['null, which removes the field', 200, { price: null }],
  ['one field', 200, { colour: 'green' }],
  ['an empty required text', 400, { title: '' }],
  ['null for a required field', 400, { title: null }],
  ['a number as text', 400, { price: '5' }],
];

it.each(UPDATES)('update with %s: the server answers %i, as the schema says', async (_what, status, body) => {
  const created = await asApp(request(t.app).post(`${things()}/documents`)).send({ title: 'Lamp', price: 3 }).expect(201);
  expect(accepts('Things_Update', body)).toBe(status !== 400);
  const res = await asApp(request(t.app).put(`${things()}/documents/${created.body.data._id}`)).send(body);
  expect(res.status === status ? status : `${res.status} ${res.body.message}`).toBe(status);
  if ('price' in body && body.price === null) expect(res.body.data).not.toHaveProperty('price');
});

it('marks no system field of a body readOnly, since the server accepts and ignores them (a fuzzer expects a readOnly one refused)', () => {
  for (const name of ['Things_Create', 'Things_Update']) {
    const { properties } = doc.components.schemas[name] as { properties: Record<string, Record<string, unknown>> };
    for (const field of ['_id', '_created', '_updated']) expect([name, field, properties[field]?.readOnly]).toEqual([name, field, undefined]);
  }
});

it('declares no default in bodies (a generated client would make the field required) and says the one create gives', () => {
  const { Things_Update: update, Things_Create: create } = doc.components.schemas;
  expect(JSON.stringify(update)).not.toContain('"default"');
  expect(update).not.toHaveProperty('required');
  expect(create).toMatchObject({ required: ['title'], additionalProperties: false, properties: { inStock: { description: 'Left out: true.' }, title: { minLength: 2 } } });
  expect(JSON.stringify(create)).not.toContain('"default"');
});

// [filter, listed]: listed ones are filters the schema accepts.
const FILTERS: Array<[unknown, boolean]> = [
  [{ title: 'Lamp' }, true],
  [{ title: { $regex: 'la', $options: 'i' } }, true],
  [{ title: { $not: { $regex: '^x' } } }, true],
  [{ $or: [{ title: 'a' }, { price: { $gt: 1 } }], colour: { $in: ['red', null] } }, true],
  [{ tags: ['x', 'y'] }, true],
  [{ title: { $in: ['a', 1, null] } }, true],
  [{ _created: { $gte: '2026-01-01' }, _id: { $exists: true } }, true],
  [{ title: { $options: 'i' } }, false],
  [{ cost: 1 }, false],
  [{ nope: 1 }, false],
  [{ title: { $where: 'x' } }, false],
  [{ $or: [] }, false],
  [{ $nor: [{ title: 'a' }] }, false],
  [{ price: { $gt: [1] } }, false],
  [{ extra: { a: { $gt: 1 } } }, false],
  [{ extra: { a: [1] } }, false],
  [{ title: {} }, false],
  [{ tags: [['x']] }, false],
  [{ title: { $in: [['a']] } }, false],
  [{ title: { $eq: 'a', b: 1 } }, false],
  [{ title: { $regex: 'a', $options: 'g' } }, false],
  [[], false],
];

it.each(FILTERS)('the filter %j: the schema and the server agree (listed: %s)', async (filter, listed) => {
  expect(accepts('Things_Filter', filter)).toBe(listed);
  const res = await asApp(request(t.app).get(`${things()}/documents`)).query({ query: JSON.stringify(filter) });
  expect(res.status === 200 ? 200 : `${res.status} ${res.body.message}`).toBe(listed ? 200 : `400 ${res.body.message}`);
  const count = await asApp(request(t.app).get(`${things()}/count`)).query({ query: JSON.stringify(filter) });
  expect(count.status).toBe(listed ? 200 : 400);
});

const SORTS: Array<[unknown, boolean]> = [
  [{ title: -1 }, true],
  [{ _id: 1, _created: -1 }, true],
  [{}, true],
  [{ price: 1 }, false],
  [{ cost: 1 }, false],
  [{ title: 2 }, false],
  [{ title: '1' }, false],
];

it.each(SORTS)('the order %j: the schema and the server agree (listed: %s)', async (sort, listed) => {
  expect(accepts('Things_Sort', sort)).toBe(listed);
  const res = await asApp(request(t.app).get(`${things()}/documents`)).query({ sort: JSON.stringify(sort) });
  expect(res.status).toBe(listed ? 200 : 400);
});

it('declares query and sort as JSON (content: application/json) of the collection schemas', () => {
  const parameters = doc.paths[`${things()}/documents`].get.parameters ?? [];
  const content = (name: string): unknown => parameters.find((parameter) => parameter.name === name)?.content;
  expect(content('query')).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Things_Filter' } } });
  expect(content('sort')).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Things_Sort' } } });
});

it('declares every status each operation can answer, and the challenge of a 401', () => {
  // The live stream's two operations are held by live-document.test.ts.
  const documentPaths = Object.entries(doc.paths).filter(([path]) => !path.endsWith('/live'));
  const operations = documentPaths.flatMap(([, item]) => Object.entries(item).filter(([key]) => key !== 'parameters'));
  // Two collections' six operations, and the batch (issue 28).
  expect(operations).toHaveLength(13);
  for (const [method, operation] of operations) {
    const writes = method === 'post' || method === 'put';
    // A create answers 201; the batch (a POST too) its results with 200.
    const created = method === 'post' && operation.operationId !== 'batch';
    // Updates, deletes and the batch may carry a version (If-Match, ifMatch): 412 when it is stale.
    const versioned = !created && method !== 'get';
    expect(Object.keys(operation.responses).sort()).toEqual(
      [created ? '201' : '200', '400', '401', '403', '404', '429', '431', ...(writes ? ['409', '413', '415'] : []), ...(versioned ? ['412'] : [])].sort(),
    );
    expect(operation.responses['401'].headers?.['WWW-Authenticate']?.required).toBe(true);
  }
});

it('answers a hostile email at once (a pattern that backtracked took seconds)', async () => {
  const res = await asApp(request(t.app).post(`${things()}/documents`)).send({ title: 'Lamp', contact: `a@${'a.'.repeat(30_000)} ` });
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors).toEqual({ contact: 'Contact must be a valid email' });
});

it.each([
  ['a number as text', { title: 'Lamp', price: '5' }, { price: 'Price must be a number or null' }],
  ['an empty required text', { title: '' }, { title: 'Title is required' }],
  ['a date in US order', { title: 'Lamp', released: '01/15/2025' }, { released: 'Released must be a valid date (YYYY-MM-DD)' }],
  ['an unknown key', { title: 'Lamp', nope: 1 }, { nope: 'This collection has no field nope' }],
  ['a list item of the wrong type', { title: 'Lamp', tags: ['a', 2] }, { tags: 'Tags must be text (item 2)' }],
])('names the field of %s in the field rules\' words', async (_what, body, fieldErrors) => {
  const res = await asApp(request(t.app).post(`${things()}/documents`)).send(body).expect(400);
  expect(res.body.fieldErrors).toEqual(fieldErrors);
  expect(res.body.message).toBe(Object.values(fieldErrors)[0]);
});
