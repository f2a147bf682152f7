// Who gets in through the public data API: each access rule against each kind of caller, then
// every operation against wrong, foreign and missing credentials.
import request from 'supertest';
import type { Test } from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import type { DataCollectionAccess } from '../../generated/client/types.gen';
import { appTokens, digest } from '../../server/services/developer/install/model';
import { basic, dataApp, documentsPath, installToken, setAccess, withAuth } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
let b: DataApp;
let userOfA: string;
let userOfB: string;
let stranger: Agent;
let docId: string;

type CallerKind = 'anonymous' | 'user' | 'app' | 'owner session' | 'stranger session';

/** A request as each kind of caller would send it. */
function as(kind: CallerKind, method: 'get' | 'post' | 'put' | 'delete', path: string): Test {
  if (kind === 'owner session') return a.owner[method](path);
  if (kind === 'stranger session') return stranger[method](path);
  const authorization = { anonymous: undefined, user: `Bearer ${userOfA}`, app: basic(a.appId, a.appSecret) }[kind];
  return withAuth(request(t.app)[method](path), authorization);
}

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
  b = await dataApp({ app: t.app, ctx: t.ctx });
  userOfA = await installToken({ app: t.app, ctx: t.ctx, ...a });
  userOfB = await installToken({ app: t.app, ctx: t.ctx, ...b });
  ({ agent: stranger } = await signInAs({ app: t.app, ctx: t.ctx, email: 'stranger@data.example' }));
  const created = await as('app', 'post', documentsPath(a.appId)).send({ title: 'Lamp', price: 20 }).expect(201);
  docId = created.body.data._id;
});

const CALLERS: CallerKind[] = ['anonymous', 'user', 'app', 'owner session', 'stranger session'];

// Expected status per caller, in the order of CALLERS.
const READ_TABLE: Array<[DataCollectionAccess['read'], number[]]> = [
  ['public', [200, 200, 200, 200, 200]],
  ['authenticated', [401, 200, 200, 200, 401]],
  ['owner', [401, 403, 200, 200, 401]],
];
const WRITE_TABLE: Array<[DataCollectionAccess['write'], number[]]> = [
  ['authenticated', [401, 201, 201, 201, 401]],
  ['owner', [401, 403, 201, 201, 401]],
];

describe.each(READ_TABLE)('read rule %s', (read, statuses) => {
  beforeAll(() => setAccess({ owner: a.owner, appId: a.appId, access: { read, write: 'owner' } }));
  it.each(CALLERS.map((caller, index) => [caller, statuses[index]] as const))('%s lists with %i', async (caller, status) => {
    const res = await as(caller, 'get', documentsPath(a.appId)).expect(status);
    if (status === 200) expect(res.body.data.items.map((doc: { _id: string }) => doc._id)).toContain(docId);
    else expect(res.body).toMatchObject({ success: false, data: null });
  });
  it.each(CALLERS.map((caller, index) => [caller, statuses[index]] as const))('%s reads one document with %i', async (caller, status) => {
    await as(caller, 'get', `${documentsPath(a.appId)}/${docId}`).expect(status);
  });
});

describe.each(WRITE_TABLE)('write rule %s (read public)', (write, statuses) => {
  beforeAll(() => setAccess({ owner: a.owner, appId: a.appId, access: { read: 'public', write } }));
  it.each(CALLERS.map((caller, index) => [caller, statuses[index]] as const))('%s creates with %i', async (caller, status) => {
    const res = await as(caller, 'post', documentsPath(a.appId)).send({ title: `By ${caller}` }).expect(status);
    if (status !== 201) return;
    const id = res.body.data._id as string;
    // The same caller may then change and delete what it wrote.
    await as(caller, 'put', `${documentsPath(a.appId)}/${id}`).send({ price: 3 }).expect(200);
    await as(caller, 'delete', `${documentsPath(a.appId)}/${id}`).expect(200);
  });
  it.each(CALLERS.map((caller, index) => [caller, statuses[index] === 201 ? 200 : statuses[index]] as const))('%s updates with %i', async (caller, status) => {
    await as(caller, 'put', `${documentsPath(a.appId)}/${docId}`).send({ price: 21 }).expect(status);
  });
});

describe('credentials', () => {
  beforeAll(() => setAccess({ owner: a.owner, appId: a.appId, access: { read: 'authenticated', write: 'authenticated' } }));

  const OPERATIONS: Array<[string, 'get' | 'post' | 'put' | 'delete', (app: DataApp) => string]> = [
    ['list', 'get', (app) => documentsPath(app.appId)],
    ['count', 'get', (app) => `/api/v1/data/${app.appId}/collections/products/count`],
    ['get', 'get', (app) => `${documentsPath(app.appId)}/${docId}`],
    ['create', 'post', (app) => documentsPath(app.appId)],
    ['update', 'put', (app) => `${documentsPath(app.appId)}/${docId}`],
    ['delete', 'delete', (app) => `${documentsPath(app.appId)}/no-such-document`],
  ];
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, authorization?: string): Test => {
    const test = withAuth(request(t.app)[method](path), authorization);
    return method === 'post' || method === 'put' ? test.send({ title: 'Probe' }) : test;
  };

  it.each(OPERATIONS)('%s: no credentials 401', async (_name, method, path) => {
    const res = await call(method, path(a)).expect(401);
    expect(res.body.message).toBe('Missing credentials');
  });

  it.each(OPERATIONS)('%s: a wrong secret 401', async (_name, method, path) => {
    const res = await call(method, path(a), basic(a.appId, 'sk_wrong')).expect(401);
    expect(res.body.message).toBe('Invalid app credentials');
  });

  it.each(OPERATIONS)('%s: another app\'s credentials 403', async (_name, method, path) => {
    const res = await call(method, path(a), basic(b.appId, b.appSecret)).expect(403);
    expect(res.body.message).toBe('These credentials belong to another app');
  });

  it.each(OPERATIONS)('%s: an install token of another app 403', async (_name, method, path) => {
    const res = await call(method, path(a), `Bearer ${userOfB}`).expect(403);
    expect(res.body.message).toBe('This access token belongs to another app');
  });

  it.each(OPERATIONS)('%s: an unknown token 401', async (_name, method, path) => {
    const res = await call(method, path(a), 'Bearer at_unknown').expect(401);
    expect(res.body.message).toBe('Invalid access token');
  });

  it.each(OPERATIONS)('%s: an unknown app 404', async (_name, method, path) => {
    const res = await call(method, path({ ...a, appId: 'no-such-app' }), basic(a.appId, a.appSecret)).expect(404);
    expect(res.body.message).toBe('App not found');
  });

  it.each([
    ['Basic without a colon', `Basic ${Buffer.from('nocolon').toString('base64')}`],
    ['an unknown scheme', 'Digest abc'],
    ['Basic with garbage', 'Basic !!!'],
  ])('%s is 401', async (_name, authorization) => {
    await call('get', documentsPath(a.appId), authorization).expect(401);
  });

  it('an unknown collection is 404 for the app and 401 for an anonymous caller', async () => {
    const app = await call('get', documentsPath(a.appId, 'no-such'), basic(a.appId, a.appSecret)).expect(404);
    expect(app.body.message).toBe('Collection not found');
    await call('get', documentsPath(a.appId, 'no-such')).expect(401);
  });

  it('a token stops working when its store uninstalls the app', async () => {
    const token = await installToken({ app: t.app, ctx: t.ctx, ...a });
    await call('get', documentsPath(a.appId), `Bearer ${token}`).expect(200);
    const tokenDoc = await appTokens(t.ctx).findOne({ _id: digest(token) });
    await t.ctx.store.collection('appUsers').updateOne({ _id: String(tokenDoc?.appUserId) }, { $set: { status: 'uninstalled' } });
    await call('get', documentsPath(a.appId), `Bearer ${token}`).expect(401);
  });
});

describe('owner operations on the rules', () => {
  it('a new collection starts closed: read and write owner', async () => {
    await a.owner.post(`/integrations/developer/apps/${a.appId}/db/collection/fresh`).send({}).expect(200);
    const res = await a.owner.get(`/integrations/developer/apps/${a.appId}/db/collection/fresh/access`).expect(200);
    const locked = { kind: 'locked' };
    expect(res.body.data).toEqual({ read: 'owner', write: 'owner', origins: [], documentWebhooks: false, rules: { list: locked, view: locked, create: locked, update: locked, delete: locked } });
  });

  it('sets and reads back the rules', async () => {
    const res = await a.owner.put(`/integrations/developer/apps/${a.appId}/db/collection/products/access`).send({ read: 'public', write: 'authenticated' }).expect(200);
    expect(res.body).toMatchObject({ data: { read: 'public', write: 'authenticated' }, message: 'Access rules updated successfully' });
    const users = { kind: 'users' };
    const rules = { list: { kind: 'anyone' }, view: { kind: 'anyone' }, create: users, update: users, delete: users };
    expect((await a.owner.get(`/integrations/developer/apps/${a.appId}/db/collection/products/access`).expect(200)).body.data).toEqual({ read: 'public', write: 'authenticated', origins: [], documentWebhooks: false, rules });
  });

  it('refuses a rule outside the list with 400', async () => {
    await a.owner.put(`/integrations/developer/apps/${a.appId}/db/collection/products/access`).send({ read: 'everyone', write: 'owner' }).expect(400);
  });

  it.each([
    ['a stranger', () => stranger, 404],
    ['nobody', () => request.agent(t.app), 401],
  ])('%s cannot read or set them', async (_name, agent, status) => {
    await agent().get(`/integrations/developer/apps/${a.appId}/db/collection/products/access`).expect(status);
    await agent().put(`/integrations/developer/apps/${a.appId}/db/collection/products/access`).send({ read: 'public', write: 'owner' }).expect(status);
  });

  it('an unknown collection is 404', async () => {
    const res = await a.owner.get(`/integrations/developer/apps/${a.appId}/db/collection/nothing-here/access`).expect(404);
    expect(res.body.message).toBe('Collection not found');
  });
});
