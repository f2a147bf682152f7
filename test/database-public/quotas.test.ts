// Per-app quotas kept as running counters: exact under parallel writes, enforced at the limit,
// read by the dashboard's storage meter; and the request limits of the public API.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { documentBytes, usageOf } from '../../server/services/database/quotas';
import { documentStore, dbCollections } from '../../server/services/database/model';
import type { Config } from '../../server/config';
import { addCollection, basic, dataApp, documentsPath, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

const QUOTAS: Config['dataQuotas'] = { documents: 12, bytes: 1_000_000, requestsPerMonth: 1000, requestsPerMinute: 500 };
const t = withTestApp({ config: { dataQuotas: QUOTAS } });

const asApp = (a: DataApp, method: 'get' | 'post' | 'put' | 'delete', path: string) => request(t.app)[method](path).set('Authorization', basic(a.appId, a.appSecret));

/** What the counters should say, read the slow way: every stored document of the app. */
async function measured(appId: string): Promise<{ documents: number; bytes: number }> {
  let documents = 0;
  let bytes = 0;
  for (const collection of await dbCollections(t.ctx).find({ appId })) {
    for (const doc of await documentStore(t.ctx, collection._id).find({})) {
      documents += 1;
      bytes += documentBytes(doc);
    }
  }
  return { documents, bytes };
}

it('counts exactly under parallel creates, updates and deletes', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  const created = await Promise.all(Array.from({ length: 10 }, (_, n) => asApp(a, 'post', documentsPath(a.appId)).send({ title: `Item ${n}`, price: n }).expect(201)));
  const ids = created.map((res) => res.body.data._id as string);
  await Promise.all([
    ...ids.slice(0, 4).map((id) => asApp(a, 'delete', `${documentsPath(a.appId)}/${id}`).expect(200)),
    ...ids.slice(4).map((id, n) => asApp(a, 'put', `${documentsPath(a.appId)}/${id}`).send({ title: `A longer title ${'x'.repeat(n)}` }).expect(200)),
  ]);
  expect(await usageOf({ ctx: t.ctx, appId: a.appId })).toEqual(await measured(a.appId));
  expect((await usageOf({ ctx: t.ctx, appId: a.appId })).documents).toBe(6);
});

it('lets exactly the quota in when parallel creates race past it, with a clear 403', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => asApp(a, 'post', documentsPath(a.appId)).send({ title: `Item ${n}` })));
  const statuses = answers.map((res) => res.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(QUOTAS.documents);
  expect(statuses.filter((status) => status === 403)).toHaveLength(20 - QUOTAS.documents);
  expect(answers.find((res) => res.status === 403)?.body.message).toBe('Document quota reached: this app may store at most 12 documents');
  expect(await usageOf({ ctx: t.ctx, appId: a.appId })).toEqual(await measured(a.appId));
});

it('refuses a write past the storage quota with 403', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx, fields: [{ name: 'title', displayName: 'Title', type: 'text' }] });
  t.ctx.config.dataQuotas = { ...QUOTAS, bytes: 300 };
  try {
    await asApp(a, 'post', documentsPath(a.appId)).send({ title: 'short' }).expect(201);
    const res = await asApp(a, 'post', documentsPath(a.appId)).send({ title: 'y'.repeat(400) }).expect(403);
    expect(res.body.message).toBe('Storage quota reached: this app may store at most 300 bytes of documents');
  } finally {
    t.ctx.config.dataQuotas = QUOTAS;
  }
  expect((await usageOf({ ctx: t.ctx, appId: a.appId })).documents).toBe(1);
});

it('gives back a deleted collection\'s share, and nothing is left once the database goes', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'notes', fields: [{ name: 'text', displayName: 'Text', type: 'text' }] });
  await setAccess({ owner: a.owner, appId: a.appId, collection: 'notes', access: { read: 'owner', write: 'owner' } });
  await asApp(a, 'post', documentsPath(a.appId)).send({ title: 'Kept' }).expect(201);
  await Promise.all([1, 2, 3].map((n) => asApp(a, 'post', documentsPath(a.appId, 'notes')).send({ text: `Note ${n}` }).expect(201)));
  await a.owner.delete(`/integrations/developer/apps/${a.appId}/db/collection/notes`).expect(200);
  expect(await usageOf({ ctx: t.ctx, appId: a.appId })).toEqual(await measured(a.appId));
  expect((await usageOf({ ctx: t.ctx, appId: a.appId })).documents).toBe(1);
  await a.owner.delete(`/integrations/developer/apps/${a.appId}/db`).expect(200);
  expect(await usageOf({ ctx: t.ctx, appId: a.appId })).toEqual({ documents: 0, bytes: 0 });
});

it('feeds the dashboard storage meter from the counter', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  const before = (await a.owner.get(`/integrations/developer/apps/${a.appId}/analytics/usage`).expect(200)).body.data.storage as number;
  await asApp(a, 'post', documentsPath(a.appId)).send({ title: 'Metered', price: 1 }).expect(201);
  const after = (await a.owner.get(`/integrations/developer/apps/${a.appId}/analytics/usage`).expect(200)).body.data.storage as number;
  expect(after - before).toBe((await usageOf({ ctx: t.ctx, appId: a.appId })).bytes);
});

it.each([
  ['per minute', { requestsPerMinute: 3 }, 'Too many requests: this app may make 3 requests a minute'],
  ['per month', { requestsPerMonth: 3 }, 'Monthly request limit reached: this app may make 3 requests a month'],
])('answers 429 with Retry-After past the request limit %s', async (_name, limits, message) => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  t.ctx.config.dataQuotas = { ...QUOTAS, ...limits };
  try {
    for (let n = 0; n < 3; n += 1) await asApp(a, 'get', documentsPath(a.appId)).expect(200);
    const res = await asApp(a, 'get', documentsPath(a.appId)).expect(429);
    expect(res.body.message).toBe(message);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  } finally {
    t.ctx.config.dataQuotas = QUOTAS;
  }
});

it('opens a new minute window when the minute turns', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  t.ctx.config.dataQuotas = { ...QUOTAS, requestsPerMinute: 2 };
  try {
    await asApp(a, 'get', documentsPath(a.appId)).expect(200);
    await asApp(a, 'get', documentsPath(a.appId)).expect(200);
    await asApp(a, 'get', documentsPath(a.appId)).expect(429);
    t.advance(60_000);
    await asApp(a, 'get', documentsPath(a.appId)).expect(200);
  } finally {
    t.ctx.config.dataQuotas = QUOTAS;
  }
});
