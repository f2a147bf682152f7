import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { flushCounts } from '../../server/services/metering/shared-counts';

const t = withTestApp({ scope: 'file' });
let developer: Agent;
let n = 0;

const TEN_MINUTES = 10 * 60 * 1000;

interface PublishedApp {
  appId: string;
  appSecret: string;
}

async function publishedApp({ scopes = ['read_store_info', 'read_products'], endpoints = { authCallback: 'https://app.example/cb?from=nindo', authErrorCallback: 'https://app.example/oops' }, status = 'published' }: { scopes?: string[]; endpoints?: object; status?: string } = {}): Promise<PublishedApp> {
  const appId = await createAppAs({ agent: developer, name: 'Installable App' });
  const res = await developer.put(`/integrations/developer/apps/${appId}`).send({ scopes, endpoints, status }).expect(200);
  // An active webhook, so emitted events are stored and can be checked.
  await t.ctx.store.collection('webhooks').insertOne({ _id: `wh-${appId}`, appId, url: 'https://hooks.example/in', status: 'active' });
  return { appId, appSecret: res.body.data.secretKey };
}

async function storeOwner(): Promise<{ agent: Agent; userId: string }> {
  n += 1;
  return signInAs({ app: t.app, ctx: t.ctx, email: `owner${n}@shop.example`, developer: false, fullName: `Shop Owner ${n}` });
}

async function approve(agent: Agent, appId: string, state = 'st-123'): Promise<URL> {
  const res = await agent.post(`/api/apps/${appId}/install`).send({ state }).expect(200);
  return new URL(res.body.data.redirectUrl);
}

const exchange = (body: object) => request(t.app).post('/integrations/oauth/token').send(body);
const bearer = (path: string, token: string) => request(t.app).get(path).set('Authorization', `Bearer ${token}`);
const eventsOf = (appId: string, type: string) => t.ctx.store.collection('webhookEvents').find({ appId, type });

beforeAll(async () => {
  ({ agent: developer } = await signInAs({ app: t.app, ctx: t.ctx, email: 'maker@example.com', fullName: 'Maker Labs' }));
});

it('installs end to end: consent, code, token, scoped calls', async () => {
  const { appId, appSecret } = await publishedApp();
  const { agent: owner, userId } = await storeOwner();

  const info = await owner.get(`/api/apps/${appId}/install`).expect(200);
  expect(info.body.data).toEqual({
    appId,
    name: 'Installable App',
    icon: '',
    developerName: 'Maker Labs',
    scopes: ['read_store_info', 'read_products'],
    installed: false,
    ready: true,
  });

  const redirect = await approve(owner, appId);
  expect(`${redirect.origin}${redirect.pathname}`).toBe('https://app.example/cb');
  expect(redirect.searchParams.get('from')).toBe('nindo');
  expect(redirect.searchParams.get('state')).toBe('st-123');
  const code = redirect.searchParams.get('code') as string;
  expect(code.length).toBeGreaterThanOrEqual(40);

  const installation = await t.ctx.store.collection('appUsers').findOne({ appId, platformUserId: userId });
  expect(installation).toMatchObject({ platform: 'nindo', status: 'installed', accountEmail: `owner${n}@shop.example`, accountName: `Shop Owner ${n}` });
  expect(await eventsOf(appId, 'app.installed')).toHaveLength(1);
  expect((await owner.get(`/api/apps/${appId}/install`).expect(200)).body.data.installed).toBe(true);

  const token = await exchange({ appId, appSecret, code }).expect(200);
  expect(token.body.data).toMatchObject({ tokenType: 'Bearer', scopes: ['read_store_info', 'read_products'], expiresIn: 365 * 24 * 3600 });
  const accessToken = token.body.data.accessToken as string;

  const me = await bearer('/integrations/oauth/me', accessToken).expect(200);
  expect(me.body.data).toMatchObject({ appId, scopes: ['read_store_info', 'read_products'], installation: { id: installation?._id, platform: 'nindo', platformUserId: userId } });
  const store = await bearer('/integrations/oauth/store', accessToken).expect(200);
  expect(store.body.data).toEqual({ accountName: `Shop Owner ${n}`, accountEmail: `owner${n}@shop.example` });

  // Calls are counted in memory and written within a quarter second (docs/public-data-api.md): write them now.
  await flushCounts({ ctx: t.ctx });
  const usage = await developer.get(`/integrations/developer/apps/${appId}/analytics/usage`).expect(200);
  expect(usage.body.data).toMatchObject({ installations: 1, requests: 2 });

  const raw = JSON.stringify([
    ...(await t.ctx.store.collection('appInstallCodes').find({})),
    ...(await t.ctx.store.collection('appTokens').find({})),
  ]);
  expect(raw).not.toContain(accessToken);
  expect(raw).not.toContain(code);
});

it('refuses a code used twice', async () => {
  const { appId, appSecret } = await publishedApp();
  const { agent: owner } = await storeOwner();
  const code = (await approve(owner, appId)).searchParams.get('code');
  await exchange({ appId, appSecret, code }).expect(200);
  const again = await exchange({ appId, appSecret, code }).expect(400);
  expect(again.body.message).toBe('Invalid or expired code');
});

it('accepts a code just before 10 minutes and refuses it after', async () => {
  const { appId, appSecret } = await publishedApp();
  const { agent: owner } = await storeOwner();
  const early = (await approve(owner, appId)).searchParams.get('code');
  const late = (await approve(owner, appId)).searchParams.get('code');
  t.advance(TEN_MINUTES - 1000);
  await exchange({ appId, appSecret, code: early }).expect(200);
  t.advance(1001);
  const res = await exchange({ appId, appSecret, code: late }).expect(400);
  expect(res.body.message).toBe('Invalid or expired code');
});

it.each([
  ['a wrong secret', (a: PublishedApp) => ({ appId: a.appId, appSecret: `${a.appSecret}x` })],
  ['another app’s id', (a: PublishedApp) => ({ appId: 'no-such-app', appSecret: a.appSecret })],
  ['an empty-looking secret', (a: PublishedApp) => ({ appId: a.appId, appSecret: ' ' })],
])('refuses %s with 401 and leaves the code usable', async (_case, credentials) => {
  const app = await publishedApp();
  const { agent: owner } = await storeOwner();
  const code = (await approve(owner, app.appId)).searchParams.get('code');
  const res = await exchange({ ...credentials(app), code }).expect(401);
  expect(res.body.message).toBe('Invalid app credentials');
  await exchange({ appId: app.appId, appSecret: app.appSecret, code }).expect(200);
});

it('refuses a code issued to another app', async () => {
  const first = await publishedApp();
  const second = await publishedApp();
  const { agent: owner } = await storeOwner();
  const code = (await approve(owner, first.appId)).searchParams.get('code');
  await exchange({ appId: second.appId, appSecret: second.appSecret, code }).expect(400);
});

it('limits a token to its scopes', async () => {
  const { appId, appSecret } = await publishedApp({ scopes: ['read_products'] });
  const { agent: owner } = await storeOwner();
  const code = (await approve(owner, appId)).searchParams.get('code');
  const { accessToken } = (await exchange({ appId, appSecret, code }).expect(200)).body.data;
  const res = await bearer('/integrations/oauth/store', accessToken).expect(403);
  expect(res.body.message).toBe('This access token lacks the read_store_info scope');
});

it.each([
  ['no Authorization header', undefined],
  ['a made-up token', 'Bearer at_madeup'],
  ['another scheme', 'Basic abc'],
])('answers 401 Invalid access token to %s', async (_case, header) => {
  const req = request(t.app).get('/integrations/oauth/me');
  const res = await (header ? req.set('Authorization', header) : req).expect(401);
  expect(res.body.message).toBe('Invalid access token');
});

it('uninstalls: tokens stop working, the installation is marked and the event emitted', async () => {
  const { appId, appSecret } = await publishedApp();
  const { agent: owner, userId } = await storeOwner();
  const code = (await approve(owner, appId)).searchParams.get('code');
  const { accessToken } = (await exchange({ appId, appSecret, code }).expect(200)).body.data;
  const res = await owner.delete(`/api/apps/${appId}/install`).expect(200);
  expect(res.body.message).toBe('App uninstalled');
  await bearer('/integrations/oauth/me', accessToken).expect(401);
  expect(await t.ctx.store.collection('appUsers').findOne({ appId, platformUserId: userId })).toMatchObject({ status: 'uninstalled' });
  expect(await eventsOf(appId, 'app.uninstalled')).toHaveLength(1);
  const totals = await developer.get(`/integrations/developer/apps/${appId}/analytics/total`).expect(200);
  expect(totals.body.data.users).toBe(0);
  const twice = await owner.delete(`/api/apps/${appId}/install`).expect(404);
  expect(twice.body.message).toBe('App is not installed');

  await approve(owner, appId);
  expect(await eventsOf(appId, 'app.installed')).toHaveLength(2);
  expect(await t.ctx.store.collection('appUsers').count({ appId, platformUserId: userId })).toBe(1);
});

it('sends a declined install to the Error Redirect URL, or the Redirect URL without one', async () => {
  const { appId } = await publishedApp();
  const { agent: owner } = await storeOwner();
  const res = await owner.post(`/api/apps/${appId}/install/deny`).send({ state: 's1' }).expect(200);
  expect(res.body.data.redirectUrl).toBe('https://app.example/oops?error=access_denied&state=s1');
  const bare = await publishedApp({ endpoints: { authCallback: 'https://bare.example/cb' } });
  const res2 = await owner.post(`/api/apps/${bare.appId}/install/deny`).send({}).expect(200);
  expect(res2.body.data.redirectUrl).toBe('https://bare.example/cb?error=access_denied');
  expect(await t.ctx.store.collection('appUsers').count({ appId })).toBe(0);
});

it('keeps a draft app to its own developers', async () => {
  const { appId } = await publishedApp({ status: 'draft' });
  const { agent: owner } = await storeOwner();
  const res = await owner.get(`/api/apps/${appId}/install`).expect(404);
  expect(res.body.message).toBe('App not found');
  await owner.post(`/api/apps/${appId}/install`).send({}).expect(404);
  await developer.get(`/api/apps/${appId}/install`).expect(200);
  await approve(developer, appId);
});

it('says an app without a Redirect URL is not ready', async () => {
  const appId = await createAppAs({ agent: developer, name: 'Unready' });
  await developer.put(`/integrations/developer/apps/${appId}`).send({ status: 'published' }).expect(200);
  const { agent: owner } = await storeOwner();
  expect((await owner.get(`/api/apps/${appId}/install`).expect(200)).body.data.ready).toBe(false);
  const res = await owner.post(`/api/apps/${appId}/install`).send({}).expect(400);
  expect(res.body.message).toBe('This app is not ready to be installed yet');
});

describe('an uninstall ends every code and token of that installation for good', () => {
  interface Installed extends PublishedApp {
    owner: Agent;
    accessToken: string;
    unusedCode: string | null;
  }

  async function installedWithToken(): Promise<Installed> {
    const { appId, appSecret } = await publishedApp();
    const { agent: owner } = await storeOwner();
    const used = (await approve(owner, appId)).searchParams.get('code');
    const { accessToken } = (await exchange({ appId, appSecret, code: used }).expect(200)).body.data;
    const unusedCode = (await approve(owner, appId)).searchParams.get('code');
    return { appId, appSecret, owner, accessToken: accessToken as string, unusedCode };
  }

  it('refuses a code issued before the uninstall and a token minted before it, after a reinstall', async () => {
    const { appId, appSecret, owner, accessToken, unusedCode } = await installedWithToken();
    await owner.delete(`/api/apps/${appId}/install`).expect(200);
    expect(await t.ctx.store.collection('appInstallCodes').count({ appId })).toBe(0);
    const fresh = (await approve(owner, appId)).searchParams.get('code');

    const oldCode = await exchange({ appId, appSecret, code: unusedCode }).expect(400);
    expect(oldCode.body.message).toBe('Invalid or expired code');
    expect((await bearer('/integrations/oauth/me', accessToken).expect(401)).body.message).toBe('Invalid access token');

    const { accessToken: current } = (await exchange({ appId, appSecret, code: fresh }).expect(200)).body.data;
    await bearer('/integrations/oauth/me', current).expect(200);
  });

  // Records that outlived the uninstall (say, an exchange racing it) still belong to the old installation.
  it.each([
    ['a code', 'appInstallCodes', (i: Installed) => exchange({ appId: i.appId, appSecret: i.appSecret, code: i.unusedCode }).expect(400)],
    ['a token', 'appTokens', (i: Installed) => bearer('/integrations/oauth/me', i.accessToken).expect(401)],
  ])('refuses %s of an earlier installation that escaped deletion', async (_what, collection, refused) => {
    const installed = await installedWithToken();
    const leftovers = await t.ctx.store.collection(collection).find({ appId: installed.appId });
    await installed.owner.delete(`/api/apps/${installed.appId}/install`).expect(200);
    await approve(installed.owner, installed.appId);
    await t.ctx.store.collection(collection).deleteMany({ appId: installed.appId });
    await t.ctx.store.collection(collection).insertMany(leftovers);
    await refused(installed);
  });
});
