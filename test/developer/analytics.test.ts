import { randomUUID } from 'node:crypto';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';

const t = withTestApp({ scope: 'file' });
let agent: Agent;
let appId: string;
const OTHER_APP = 'someone-elses-app';

const base = (appIdValue: string, created: string) => ({ _id: randomUUID(), appId: appIdValue, appUserId: 'u1', created });
const installation = (created: string, extra: object = {}, app = appId) => ({
  ...base(app, created),
  accountName: 'Shop',
  accountEmail: 'shop@example.com',
  platform: 'shopify',
  platformUserId: randomUUID(),
  status: 'installed',
  ...extra,
});
const subscription = (created: string, status = 'active', app = appId) => ({ ...base(app, created), planId: 'p1', platform: 'stripe', status });
const charge = (created: string, amount: number, platform: string, status = 'succeeded', app = appId) => ({
  ...base(app, created),
  amount,
  currency: 'USD',
  platform,
  status,
});

const analytics = (slug: string, query: Record<string, string> = {}) =>
  agent.get(`/integrations/developer/apps/${appId}/analytics/${slug}`).query(query);

beforeAll(async () => {
  ({ agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'analyst@example.com' }));
  appId = await createAppAs({ agent, name: 'Analytics App' });
  const store = t.ctx.store;
  await store.collection('appUsers').insertMany([
    installation('2025-01-15T10:00:00.000Z'),
    installation('2025-01-20T10:00:00.000Z'),
    installation('2025-03-02T00:00:00.000Z', { status: 'uninstalled' }),
    installation('2025-12-31T23:59:59.999Z'),
    installation('2026-01-01T00:00:00.000Z'),
    installation('2025-01-16T10:00:00.000Z', {}, OTHER_APP),
  ]);
  await store.collection('subscriptions').insertMany([
    subscription('2025-01-15T11:00:00.000Z'),
    subscription('2025-02-01T00:00:00.000Z', 'trialing'),
    subscription('2025-02-10T00:00:00.000Z', 'canceled'),
    subscription('2025-02-11T00:00:00.000Z', 'active', OTHER_APP),
  ]);
  await store.collection('charges').insertMany([
    charge('2025-01-15T11:00:00.000Z', 10.5, 'nindo'),
    charge('2025-01-28T11:00:00.000Z', 20.25, 'shopify'),
    charge('2025-01-29T11:00:00.000Z', 4.75, 'nindo'),
    charge('2025-02-03T11:00:00.000Z', 5, 'wix', 'refunded'),
    charge('2025-02-28T23:00:00.000Z', 7, 'wix'),
    charge('2025-02-28T12:00:00.000Z', 1000, 'nindo', 'succeeded', OTHER_APP),
  ]);
});

it('totals installed users, live subscriptions and succeeded revenue of this app only', async () => {
  const res = await analytics('total').expect(200);
  expect(res.body.data).toEqual({ users: 4, subscriptions: 2, revenue: 42.5 });
});

it('measures usage: installations, stored bytes and this month’s token requests', async () => {
  const month = t.ctx.now().toISOString().slice(0, 7);
  await t.ctx.store.collection('appRequestCounters').insertMany([
    { _id: `${appId}:${month}`, appId, month, count: 321 },
    { _id: `${appId}:1999-01`, appId, month: '1999-01', count: 99 },
  ]);
  const res = await analytics('usage').expect(200);
  let bytes = 0;
  for (const name of ['appUsers', 'subscriptions', 'charges', 'integrations']) {
    for (const doc of await t.ctx.store.collection(name).find({ appId })) bytes += Buffer.byteLength(JSON.stringify(doc));
  }
  expect(res.body.data).toEqual({ installations: 4, storage: bytes, requests: 321 });
  expect(bytes).toBeGreaterThan(1000);
});

describe('installations/stats', () => {
  it('counts per month over a year, with to exclusive (1 Year)', async () => {
    const res = await analytics('installations/stats', { groupBy: 'month', from: '2025-01-01', to: '2026-01-01' }).expect(200);
    expect(res.body.data).toEqual([
      { _id: { year: 2025, month: 1 }, count: 2 },
      { _id: { year: 2025, month: 3 }, count: 1 },
      { _id: { year: 2025, month: 12 }, count: 1 },
    ]);
  });

  it('counts per day (1 Month)', async () => {
    const res = await analytics('installations/stats', { groupBy: 'day', from: '2025-01-01', to: '2025-02-01' }).expect(200);
    expect(res.body.data).toEqual([
      { _id: { year: 2025, month: 1, day: 15 }, count: 1 },
      { _id: { year: 2025, month: 1, day: 20 }, count: 1 },
    ]);
  });

  it('includes the first instant of to only when the window moves past it (6 Months)', async () => {
    const res = await analytics('installations/stats', { groupBy: 'month', from: '2025-08-01', to: '2026-01-02' }).expect(200);
    expect(res.body.data).toEqual([
      { _id: { year: 2025, month: 12 }, count: 1 },
      { _id: { year: 2026, month: 1 }, count: 1 },
    ]);
  });
});

it('counts subscriptions per month, whatever their status', async () => {
  const res = await analytics('subscriptions/stats', { groupBy: 'month', from: '2025-01-01', to: '2025-03-01' }).expect(200);
  expect(res.body.data).toEqual([
    { _id: { year: 2025, month: 1 }, count: 1 },
    { _id: { year: 2025, month: 2 }, count: 2 },
  ]);
});

describe('revenue', () => {
  it('lists succeeded charges with their platform, to inclusive', async () => {
    const res = await analytics('revenue', { from: '2025-01-28', to: '2025-02-28' }).expect(200);
    expect(res.body.data).toEqual([
      { created: '2025-01-28T11:00:00.000Z', amount: 20.25, currency: 'USD', user: { platform: 'shopify' } },
      { created: '2025-01-29T11:00:00.000Z', amount: 4.75, currency: 'USD', user: { platform: 'nindo' } },
      { created: '2025-02-28T23:00:00.000Z', amount: 7, currency: 'USD', user: { platform: 'wix' } },
    ]);
  });

  it('sums per month and platform when grouped', async () => {
    const res = await analytics('revenue', { groupBy: 'month', from: '2025-01-01', to: '2025-12-31' }).expect(200);
    expect(res.body.data).toEqual([
      { created: '2025-01-01T00:00:00.000Z', amount: 15.25, currency: 'USD', user: { platform: 'nindo' } },
      { created: '2025-01-01T00:00:00.000Z', amount: 20.25, currency: 'USD', user: { platform: 'shopify' } },
      { created: '2025-02-01T00:00:00.000Z', amount: 7, currency: 'USD', user: { platform: 'wix' } },
    ]);
  });
});

it('uses the last 12 months when no dates are given', async () => {
  const recent = new Date(t.ctx.now().getTime() - 40 * 24 * 60 * 60 * 1000).toISOString();
  const old = new Date(t.ctx.now().getTime() - 400 * 24 * 60 * 60 * 1000).toISOString();
  const app2 = await createAppAs({ agent, name: 'Window App' });
  await t.ctx.store.collection('appUsers').insertMany([installation(recent, {}, app2), installation(old, {}, app2)]);
  const res = await agent.get(`/integrations/developer/apps/${app2}/analytics/installations/stats`).expect(200);
  const d = new Date(recent);
  expect(res.body.data).toEqual([{ _id: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 }, count: 1 }]);
});

it.each([
  ['an impossible date', { from: '2025-02-30' }, 'From must be a valid date (YYYY-MM-DD)'],
  ['a date in another format', { from: '01/02/2025' }, undefined],
  ['from after to', { from: '2025-03-01', to: '2025-02-01' }, 'From must be before to'],
  ['an unknown groupBy', { groupBy: 'week' }, undefined],
])('refuses %s', async (_case, query, message) => {
  const res = await analytics('installations/stats', query).expect(400);
  if (message) expect(res.body.message).toBe(message);
});
