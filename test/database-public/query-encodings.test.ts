// Issue 18 item 7: `query` and `sort` are JSON in the query string, and every standard way of
// encoding it works on every endpoint that takes them: encodeURIComponent (which leaves ( ) ' ! *
// as they are), URLSearchParams and HTML forms (+ for a space), and percent-encoding of every byte.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { basic, dataApp, installToken } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
let userId: string;

type Encoder = (params: Record<string, string>) => string;

const everyByte = (text: string): string => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

const ENCODERS: Array<[string, Encoder]> = [
  ['encodeURIComponent', (params) => Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')],
  ['URLSearchParams (+ for a space)', (params) => new URLSearchParams(params).toString()],
  ['percent-encoding of every byte', (params) => Object.entries(params).map(([k, v]) => `${k}=${everyByte(v)}`).join('&')],
];

// Each holds characters an encoder leaves as they are: ( ) ' ! * and spaces.
const QUERY = `{"title": {"$regex": "^Kid's lamp \\\\(brass\\\\)!?.*$", "$options": "i"}}`;
const SORT = '{"price": -1}';
const USER_QUERY = `{"accountEmail": {"$regex": "^(shop)[0-9]+@data[.]example$"}}`;
const SUB_QUERY = `{"status": {"$regex": "^(active|canceled)!*$"}}`;

// Public lists sort on indexed fields only.
const FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true } },
  { name: 'price', displayName: 'Price', type: 'number', validation: { indexable: true } },
];

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx, fields: FIELDS });
  for (const [title, price] of [["Kid's lamp (brass)!", 30], ["kid's LAMP (brass)", 50], ['Desk lamp', 10]] as const) {
    await request(t.app).post(`/api/v1/data/${a.appId}/collections/products/documents`).set('Authorization', basic(a.appId, a.appSecret)).send({ title, price }).expect(201);
  }
  await installToken({ app: t.app, ctx: t.ctx, ...a });
  const users = await a.owner.get(`/integrations/developer/apps/${a.appId}/users`).expect(200);
  userId = users.body.data.docs[0].id;
});

interface Endpoint {
  name: string;
  path: () => string;
  params: () => Record<string, string>;
  /** Who calls: the app's credentials, else the owner's session. */
  asApp: boolean;
  expected: (data: { items?: { price?: number }[]; total?: number; count?: number }) => void;
}

const prices = (data: { items?: { price?: number }[] }): (number | undefined)[] => (data.items ?? []).map((item) => item.price);

const ENDPOINTS: Endpoint[] = [
  { name: 'public list', path: () => `/api/v1/data/${a.appId}/collections/products/documents`, params: () => ({ query: QUERY, sort: SORT }), asApp: true, expected: (data) => expect(prices(data)).toEqual([50, 30]) },
  { name: 'public count', path: () => `/api/v1/data/${a.appId}/collections/products/count`, params: () => ({ query: QUERY }), asApp: true, expected: (data) => expect(data.count).toBe(2) },
  { name: "owner's list", path: () => `/integrations/developer/apps/${a.appId}/db/collection/products/document`, params: () => ({ query: QUERY, sort: SORT }), asApp: false, expected: (data) => expect(prices(data)).toEqual([50, 30]) },
  { name: "owner's count", path: () => `/integrations/developer/apps/${a.appId}/db/collection/products/document/count`, params: () => ({ query: QUERY }), asApp: false, expected: (data) => expect(data.count).toBe(2) },
  { name: 'app users', path: () => `/integrations/developer/apps/${a.appId}/users`, params: () => ({ query: USER_QUERY, sort: '{"created": -1}' }), asApp: false, expected: (data) => expect(data.total).toBe(1) },
  { name: "a user's subscriptions", path: () => `/integrations/developer/apps/${a.appId}/users/${userId}/subscription`, params: () => ({ query: SUB_QUERY, sort: '{"created": -1}' }), asApp: false, expected: (data) => expect(data.total).toBe(0) },
  { name: "a user's charges", path: () => `/integrations/developer/apps/${a.appId}/users/${userId}/charges`, params: () => ({ query: SUB_QUERY, sort: '{"created": -1}' }), asApp: false, expected: (data) => expect(data.total).toBe(0) },
];

describe.each(ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))('%s', (_name, endpoint) => {
  it.each(ENCODERS)('takes query and sort encoded with %s', async (_encoding, encode) => {
    const url = `${endpoint.path()}?${encode(endpoint.params())}`;
    const call = endpoint.asApp ? request(t.app).get(url).set('Authorization', basic(a.appId, a.appSecret)) : a.owner.get(url);
    const res = await call;
    // The refusal's message, when there is one, says why.
    expect(res.status === 200 ? 200 : `${res.status} ${res.body.message}`).toBe(200);
    endpoint.expected(res.body.data);
  });
});
