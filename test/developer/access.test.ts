import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { appUsers, charges, subscriptions } from '../../server/services/developer/model';

type Method = 'get' | 'put' | 'delete' | 'post';
const apiPath = (appId: string, rest = ''): string => `/integrations/developer/apps/${appId}${rest}`;
/** An app user of the owned app, with a subscription, a charge and a note, so a leak would act on real records. */
const OWNED_USER = 'owned-user';
/** A document of the owned app's products collection (its _id, set when the test begins). */
let OWNED_DOCUMENT = '';

// Every row has four entries: jest reads a test function with more parameters than the row as taking `done`.
const OWNED_OPERATIONS: [string, Method, (appId: string) => string, object | null][] = [
  ['getApp', 'get', (id) => apiPath(id), null],
  ['updateApp', 'put', (id) => apiPath(id), { name: 'Hijacked' }],
  ['getAppAnalyticsTotal', 'get', (id) => apiPath(id, '/analytics/total'), null],
  ['getAppAnalyticsUsage', 'get', (id) => apiPath(id, '/analytics/usage'), null],
  ['getAppAnalyticsRevenue', 'get', (id) => apiPath(id, '/analytics/revenue'), null],
  ['getAppAnalyticsInstallationsStats', 'get', (id) => apiPath(id, '/analytics/installations/stats?groupBy=day'), null],
  ['getAppAnalyticsSubscriptionsStats', 'get', (id) => apiPath(id, '/analytics/subscriptions/stats?groupBy=month'), null],
  ['listAppIntegrations', 'get', (id) => apiPath(id, '/integrations'), null],
  ['saveAppIntegration', 'put', (id) => apiPath(id, '/integrations/stripe'), { isActive: false, platformAppKeys: {} }],
  ['listIntegrationPlatforms with appId', 'get', (id) => `/integrations/developer/integrationPlatforms?appId=${id}`, null],
  ['listAppUsers', 'get', (id) => apiPath(id, '/users'), null],
  ['getAppUser', 'get', (id) => apiPath(id, `/users/${OWNED_USER}`), null],
  ['updateAppUser', 'put', (id) => apiPath(id, `/users/${OWNED_USER}`), { accountName: 'Hijacked' }],
  ['listAppUserSubscriptions', 'get', (id) => apiPath(id, `/users/${OWNED_USER}/subscription`), null],
  ['changeAppUserSubscription', 'put', (id) => apiPath(id, `/users/${OWNED_USER}/subscription/${OWNED_USER}-sub`), { planId: 'pro', platform: 'stripe' }],
  ['cancelAppUserSubscription', 'post', (id) => apiPath(id, `/users/${OWNED_USER}/subscription/${OWNED_USER}-sub/cancel`), { platform: 'stripe' }],
  ['listAppUserCharges', 'get', (id) => apiPath(id, `/users/${OWNED_USER}/charges`), null],
  ['refundAppUserCharge', 'put', (id) => apiPath(id, `/users/${OWNED_USER}/charges/${OWNED_USER}-charge/refund`), { platform: 'stripe' }],
  ['getAppUserStats', 'get', (id) => apiPath(id, `/users/${OWNED_USER}/stats`), null],
  ['createAppUserNote', 'post', (id) => apiPath(id, `/users/${OWNED_USER}/notes`), { title: 'Hijacked' }],
  ['updateAppUserNote', 'put', (id) => apiPath(id, `/users/${OWNED_USER}/notes/n1`), { title: 'Hijacked' }],
  ['deleteAppUserNote', 'delete', (id) => apiPath(id, `/users/${OWNED_USER}/notes/n1`), null],
  ['deleteAppUser', 'delete', (id) => apiPath(id, `/users/${OWNED_USER}`), null],
  ['listPlans', 'get', (id) => apiPath(id, '/payments/plans'), null],
  ['createPlan', 'post', (id) => apiPath(id, '/payments/plans'), { name: 'Hijacked' }],
  ['getPlan', 'get', (id) => apiPath(id, '/payments/plans/p1'), null],
  ['updatePlan', 'put', (id) => apiPath(id, '/payments/plans/p1'), { name: 'Hijacked' }],
  ['deletePlan', 'delete', (id) => apiPath(id, '/payments/plans/p1'), null],
  ['listFeatures', 'get', (id) => apiPath(id, '/payments/features'), null],
  ['saveFeatures', 'put', (id) => apiPath(id, '/payments/features'), []],
  ['listCoupons', 'get', (id) => apiPath(id, '/payments/coupons'), null],
  ['createCoupon', 'post', (id) => apiPath(id, '/payments/coupons'), { couponName: 'C', platformCouponCode: 'CODE', platform: 'stripe', discountAmount: 10, expires: '2030-01-01T00:00:00Z', appliesTo: ['price_1'] }],
  ['updateCoupon', 'put', (id) => apiPath(id, '/payments/coupons/c1'), { couponName: 'C', platformCouponCode: 'CODE', platform: 'stripe', discountAmount: 10, expires: '2030-01-01T00:00:00Z', appliesTo: ['price_1'] }],
  ['deleteCoupon', 'delete', (id) => apiPath(id, '/payments/coupons/c1?platform=stripe'), null],
  ['listPaymentConnections', 'get', (id) => apiPath(id, '/payments/connections?platform=stripe'), null],
  ['listPlanConnections', 'get', (id) => apiPath(id, '/payments/plans/p1/connections'), null],
  ['connectPlan', 'post', (id) => apiPath(id, '/payments/plans/p1/connect'), { platform: 'stripe' }],
  ['disconnectPlan', 'post', (id) => apiPath(id, '/payments/plans/p1/disconnect'), { platform: 'stripe' }],
  ['importDatabaseDocuments', 'post', (id) => apiPath(id, '/db/collection/products/document/import'), [{ title: 'Hijacked' }]],
  ['exportDatabaseDocuments', 'get', (id) => apiPath(id, '/db/collection/products/document/export'), null],
  ['listDatabaseImports', 'get', (id) => apiPath(id, '/db/collection/products/document/import'), null],
  ['getDatabaseImport', 'get', (id) => apiPath(id, '/db/collection/products/document/import/some-import'), null],
  ['getDatabase', 'get', (id) => apiPath(id, '/db'), null],
  ['createDatabase', 'post', (id) => apiPath(id, '/db'), null],
  ['listCollections', 'get', (id) => apiPath(id, '/db/collection'), null],
  ['getCollection', 'get', (id) => apiPath(id, '/db/collection/products'), null],
  ['createCollection', 'post', (id) => apiPath(id, '/db/collection/hijacked'), {}],
  ['renameCollection', 'put', (id) => apiPath(id, '/db/collection/products'), { name: 'hijacked' }],
  ['getCollectionSchema', 'get', (id) => apiPath(id, '/db/collection/products/schema'), null],
  ['saveCollectionSchema', 'post', (id) => apiPath(id, '/db/collection/products/schema'), { attributes: [] }],
  ['listDocuments', 'get', (id) => apiPath(id, '/db/collection/products/document'), null],
  ['countDocuments', 'get', (id) => apiPath(id, '/db/collection/products/document/count'), null],
  ['createDocument', 'post', (id) => apiPath(id, '/db/collection/products/document'), { title: 'Hijacked' }],
  ['getDocument', 'get', (id) => apiPath(id, `/db/collection/products/document/${OWNED_DOCUMENT}`), null],
  ['updateDocument', 'put', (id) => apiPath(id, `/db/collection/products/document/${OWNED_DOCUMENT}`), { title: 'Hijacked' }],
  ['deleteDocument', 'delete', (id) => apiPath(id, `/db/collection/products/document/${OWNED_DOCUMENT}`), null],
  ['getCollectionAccess', 'get', (id) => apiPath(id, '/db/collection/products/access'), null],
  ['setCollectionAccess', 'put', (id) => apiPath(id, '/db/collection/products/access'), { read: 'public', write: 'authenticated' }],
  ['tryCollectionRules', 'post', (id) => apiPath(id, '/db/collection/products/access/try'), { as: 'app' }],
  ['deleteCollectionSchema', 'delete', (id) => apiPath(id, '/db/collection/products/schema'), null],
  ['deleteCollection', 'delete', (id) => apiPath(id, '/db/collection/products'), null],
  ['deleteDatabase', 'delete', (id) => apiPath(id, '/db'), null],
  // Last, so that a leak in any operation above shows up there rather than as a missing app.
  ['deleteApp', 'delete', (id) => apiPath(id), null],
];

const t = withTestApp({ scope: 'file' });
let owner: Agent;
let appId: string;

beforeAll(async () => {
  ({ agent: owner } = await signInAs({ app: t.app, ctx: t.ctx, email: 'owner@example.com' }));
  appId = await createAppAs({ agent: owner, name: 'Owned App' });
  await owner.put(apiPath(appId, '/integrations/stripe')).send({ isActive: true, platformAppKeys: { publishableKey: 'pk_1', secretKey: 'sk_1' } }).expect(200);
  const created = t.ctx.now().toISOString();
  const billing = { appId, appUserId: OWNED_USER, platform: 'stripe', created };
  await appUsers(t.ctx).insertOne({ _id: OWNED_USER, appId, accountName: 'Owned User', accountEmail: 'user@shop.example', platform: 'stripe', platformUserId: 'u1', status: 'installed', notes: [{ id: 'n1', title: 'Kept' }], created });
  await subscriptions(t.ctx).insertOne({ ...billing, _id: `${OWNED_USER}-sub`, planId: 'basic', platformSubscriptionId: 'sub_1', status: 'active' });
  await charges(t.ctx).insertOne({ ...billing, _id: `${OWNED_USER}-charge`, amount: 10, currency: 'USD', platformChargeId: 'ch_1', status: 'succeeded' });
  await owner.post(apiPath(appId, '/db')).expect(200);
  await owner.post(apiPath(appId, '/db/collection/products')).send({}).expect(200);
  await owner.post(apiPath(appId, '/db/collection/products/schema')).send({ attributes: [{ displayName: 'Title', type: 'text' }] }).expect(200);
  OWNED_DOCUMENT = (await owner.post(apiPath(appId, '/db/collection/products/document')).send({ title: 'Kept' }).expect(200)).body.data._id;
});

describe.each([
  ['another developer', { developer: true }],
  ['a signed-in user who is no developer', { developer: false }],
])('%s', (_who, { developer }) => {
  let stranger: Agent;
  beforeAll(async () => {
    ({ agent: stranger } = await signInAs({ app: t.app, ctx: t.ctx, email: `stranger-${String(developer)}@example.com`, developer }));
  });

  it.each(OWNED_OPERATIONS)('gets 404 App not found from %s', async (_op, method, url, body) => {
    const res = await (body ? stranger[method](url(appId)).send(body) : stranger[method](url(appId)));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, data: null, message: 'App not found', requestId: expect.any(String) });
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
  expect(integrations.body.data[0]).toMatchObject({ platform: 'stripe', isActive: true, platformAppKeys: { publishableKey: 'pk_1' } });  const user = await owner.get(apiPath(appId, `/users/${OWNED_USER}`)).expect(200);
  expect(user.body.data).toMatchObject({ accountName: 'Owned User', notes: [{ id: 'n1', title: 'Kept' }] });
  expect(await subscriptions(t.ctx).findOne({ _id: `${OWNED_USER}-sub` })).not.toHaveProperty('pendingAction');
  expect(await charges(t.ctx).findOne({ _id: `${OWNED_USER}-charge` })).not.toHaveProperty('pendingAction');
  expect((await owner.get(apiPath(appId, '/db/collection')).expect(200)).body.data).toEqual(['products']);
  const documents = await owner.get(apiPath(appId, '/db/collection/products/document')).expect(200);
  expect(documents.body.data.items).toEqual([expect.objectContaining({ _id: OWNED_DOCUMENT, title: 'Kept' })]);
});

it.each([
  ...OWNED_OPERATIONS,
  ['listApps', 'get', () => '/integrations/developer/apps', null],
  ['createApp', 'post', () => '/integrations/developer/apps', { name: 'Anon' }],
  ['getDeveloperDetails', 'get', () => '/integrations/developer/details', null],
  ['updateDeveloperDetails', 'post', () => '/integrations/developer/details', { name: 'x', email: 'x@y.z' }],
  ['listIntegrationPlatforms', 'get', () => '/integrations/developer/integrationPlatforms', null],
  ['uploadUserFile', 'post', () => '/api/user/file', null],
  ['getAppInstallInfo', 'get', (id: string) => `/api/apps/${id}/install`, null],
  ['approveAppInstall', 'post', (id: string) => `/api/apps/${id}/install`, {}],
  ['denyAppInstall', 'post', (id: string) => `/api/apps/${id}/install/deny`, {}],
  ['uninstallApp', 'delete', (id: string) => `/api/apps/${id}/install`, null],
  // The public data API: the collection is open to its app only, so a visitor has no credentials it accepts.
  ['listDataDocuments', 'get', (id: string) => `/api/v1/data/${id}/collections/products/documents`, null],
  ['countDataDocuments', 'get', (id: string) => `/api/v1/data/${id}/collections/products/count`, null],
  ['createDataDocument', 'post', (id: string) => `/api/v1/data/${id}/collections/products/documents`, { title: 'Anon' }],
  ['getDataDocument', 'get', (id: string) => `/api/v1/data/${id}/collections/products/documents/${OWNED_DOCUMENT}`, null],
  ['updateDataDocument', 'put', (id: string) => `/api/v1/data/${id}/collections/products/documents/${OWNED_DOCUMENT}`, { title: 'Anon' }],
  ['deleteDataDocument', 'delete', (id: string) => `/api/v1/data/${id}/collections/products/documents/${OWNED_DOCUMENT}`, null],
] as [string, Method, (id: string) => string, object | null][])('answers 401 to a visitor who is not signed in: %s', async (_op, method, url, body) => {
  const res = await (body ? request(t.app)[method](url(appId)).send(body) : request(t.app)[method](url(appId)));
  expect(res.status).toBe(401);
  expect(res.body.success).toBe(false);
});
