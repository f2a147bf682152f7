import request from 'supertest';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from './helpers';
import type { Agent } from './helpers';

type Method = 'get' | 'put' | 'delete' | 'post';
const apiPath = (appId: string, rest = ''): string => `/integrations/developer/apps/${appId}${rest}`;

const OWNED_OPERATIONS: [string, Method, (appId: string) => string, object?][] = [
  ['getApp', 'get', (id) => apiPath(id)],
  ['updateApp', 'put', (id) => apiPath(id), { name: 'Hijacked' }],
  ['deleteApp', 'delete', (id) => apiPath(id)],
  ['getAppAnalyticsTotal', 'get', (id) => apiPath(id, '/analytics/total')],
  ['getAppAnalyticsUsage', 'get', (id) => apiPath(id, '/analytics/usage')],
  ['getAppAnalyticsRevenue', 'get', (id) => apiPath(id, '/analytics/revenue')],
  ['getAppAnalyticsInstallationsStats', 'get', (id) => apiPath(id, '/analytics/installations/stats?groupBy=day')],
  ['getAppAnalyticsSubscriptionsStats', 'get', (id) => apiPath(id, '/analytics/subscriptions/stats?groupBy=month')],
  ['listAppIntegrations', 'get', (id) => apiPath(id, '/integrations')],
  ['saveAppIntegration', 'put', (id) => apiPath(id, '/integrations/stripe'), { isActive: false, platformAppKeys: {} }],
  ['listIntegrationPlatforms with appId', 'get', (id) => `/integrations/developer/integrationPlatforms?appId=${id}`],
];

let t: TestApp;
let owner: Agent;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner } = await signInAs({ app: t.app, ctx: t.ctx, email: 'owner@example.com' }));
  appId = await createAppAs({ agent: owner, name: 'Owned App' });
  await owner.put(apiPath(appId, '/integrations/stripe')).send({ isActive: true, platformAppKeys: { publishableKey: 'pk_1', secretKey: 'sk_1' } }).expect(200);
});
afterAll(() => t.close());

describe.each([
  ['another developer', { developer: true }],
  ['a signed-in user who is no developer', { developer: false }],
])('%s', (_who, { developer }) => {
  let stranger: Agent;
  beforeAll(async () => {
    ({ agent: stranger } = await signInAs({ app: t.app, ctx: t.ctx, email: `stranger-${String(developer)}@example.com`, developer }));
  });

  it.each(OWNED_OPERATIONS)('gets 404 App not found from %s', async (_op, method, url, body) => {
    const res = await stranger[method](url(appId)).send(body);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, data: null, message: 'App not found' });
  });

  it('does not see the app in its list', async () => {
    const res = await stranger.get('/integrations/developer/apps').expect(200);
    expect(res.body.data).toEqual([]);
  });
});

it('leaves the app untouched after the strangers tried', async () => {
  const res = await owner.get(apiPath(appId)).expect(200);
  expect(res.body.data.name).toBe('Owned App');
  const integrations = await owner.get(apiPath(appId, '/integrations')).expect(200);
  expect(integrations.body.data[0]).toMatchObject({ platform: 'stripe', isActive: true, platformAppKeys: { publishableKey: 'pk_1' } });
});

it.each([
  ...OWNED_OPERATIONS,
  ['listApps', 'get', () => '/integrations/developer/apps'],
  ['createApp', 'post', () => '/integrations/developer/apps', { name: 'Anon' }],
  ['getDeveloperDetails', 'get', () => '/integrations/developer/details'],
  ['updateDeveloperDetails', 'post', () => '/integrations/developer/details', { name: 'x', email: 'x@y.z' }],
  ['listIntegrationPlatforms', 'get', () => '/integrations/developer/integrationPlatforms'],
  ['uploadUserFile', 'post', () => '/api/user/file'],
  ['getAppInstallInfo', 'get', (id: string) => `/api/apps/${id}/install`],
  ['approveAppInstall', 'post', (id: string) => `/api/apps/${id}/install`, {}],
  ['denyAppInstall', 'post', (id: string) => `/api/apps/${id}/install/deny`, {}],
  ['uninstallApp', 'delete', (id: string) => `/api/apps/${id}/install`],
] as [string, Method, (id: string) => string, object?][])('answers 401 to a visitor who is not signed in: %s', async (_op, method, url, body) => {
  const res = await request(t.app)[method](url(appId)).send(body);
  expect(res.status).toBe(401);
  expect(res.body.success).toBe(false);
});
