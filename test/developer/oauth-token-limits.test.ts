// POST /integrations/oauth/token counts failed exchanges per app and per address.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { EXCHANGE_LIMITS } from '../../server/services/developer/install/exchange-limits';

// Behind a proxy, so each request can come from the address it names.
const t = withTestApp({ config: { trustProxy: true } });
const WINDOW_MS = 15 * 60 * 1000;

interface Installable {
  appId: string;
  appSecret: string;
}

async function publishedApp(developer: Agent): Promise<Installable> {
  const appId = await createAppAs({ agent: developer, name: 'Limited App' });
  const res = await developer
    .put(`/integrations/developer/apps/${appId}`)
    .send({ endpoints: { authCallback: 'https://app.example/cb' }, status: 'published' })
    .expect(200);
  return { appId, appSecret: res.body.data.secretKey as string };
}

async function setUp(appCount: number) {
  const { agent: developer } = await signInAs({ app: t.app, ctx: t.ctx, email: 'maker@example.com' });
  const { agent: owner } = await signInAs({ app: t.app, ctx: t.ctx, email: 'owner@shop.example', developer: false });
  const apps: Installable[] = [];
  for (let i = 0; i < appCount; i++) apps.push(await publishedApp(developer));
  const codeFor = async (appId: string): Promise<string> => {
    const res = await owner.post(`/api/apps/${appId}/install`).send({}).expect(200);
    return new URL(res.body.data.redirectUrl as string).searchParams.get('code') as string;
  };
  return { apps, codeFor };
}

const exchange = ({ from, body }: { from: string; body: object }) =>
  request(t.app).post('/integrations/oauth/token').set('X-Forwarded-For', from).send(body);

const wrongSecret = (app: Installable) => ({ appId: app.appId, appSecret: `${app.appSecret}x`, code: 'some-code' });

it.each([
  // The last attempt also guesses: the per-app limit holds only wrong secrets.
  ['one app, from ever-changing addresses', EXCHANGE_LIMITS.perApp, 1, (i: number) => ({ app: 0, from: `203.0.113.${i + 1}` }), true],
  ['one address, across many apps', EXCHANGE_LIMITS.perAddress, 3, (i: number) => ({ app: i % 3, from: '203.0.113.7' }), false],
])('answers 429 with Retry-After after too many failed exchanges: %s', async (_case, max, appCount, attempt, guessing) => {
  const { apps, codeFor } = await setUp(appCount);
  const at = (i: number) => {
    const { app, from } = attempt(i);
    return { app: apps[app] as Installable, from };
  };
  for (let i = 0; i < max; i++) {
    const { app, from } = at(i);
    await exchange({ from, body: wrongSecret(app) }).expect(401);
  }
  const { app, from } = at(max);
  const lastTry = guessing ? wrongSecret(app) : { appId: app.appId, appSecret: app.appSecret, code: await codeFor(app.appId) };
  const limited = await exchange({ from, body: lastTry }).expect(429);
  expect(limited.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many failed token requests\. Please try again in \d+ minutes?\.$/) });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MS / 1000);

  t.advance(WINDOW_MS);
  await exchange({ from, body: { appId: app.appId, appSecret: app.appSecret, code: await codeFor(app.appId) } }).expect(200);
});

it('lets the app\'s own server, which knows the secret, exchange codes while strangers fill the per-app limit', async () => {
  const { apps, codeFor } = await setUp(1);
  const app = apps[0] as Installable;
  for (let i = 0; i < EXCHANGE_LIMITS.perApp; i++) await exchange({ from: `198.51.100.${i + 1}`, body: wrongSecret(app) }).expect(401);
  await exchange({ from: '198.51.100.200', body: wrongSecret(app) }).expect(429);
  await exchange({ from: '192.0.2.44', body: { appId: app.appId, appSecret: app.appSecret, code: await codeFor(app.appId) } }).expect(200);
});

it('lets another app and another address through while one app is limited', async () => {
  const { apps, codeFor } = await setUp(2);
  const [limited, other] = apps as [Installable, Installable];
  for (let i = 0; i < EXCHANGE_LIMITS.perApp; i++) await exchange({ from: `198.51.100.${i + 1}`, body: wrongSecret(limited) }).expect(401);
  await exchange({ from: '192.0.2.1', body: wrongSecret(limited) }).expect(429);
  await exchange({ from: '192.0.2.1', body: { appId: other.appId, appSecret: other.appSecret, code: await codeFor(other.appId) } }).expect(200);
});

it('does not count successful exchanges', async () => {
  const { apps, codeFor } = await setUp(1);
  const app = apps[0] as Installable;
  for (let i = 0; i < EXCHANGE_LIMITS.perAddress + 1; i++) {
    await exchange({ from: '203.0.113.9', body: { appId: app.appId, appSecret: app.appSecret, code: await codeFor(app.appId) } }).expect(200);
  }
});
