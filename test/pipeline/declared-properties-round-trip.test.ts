// The document's promise for every entity: a property added to an entity's write and read
// schemas is stored by its create or update and answered by its reads, with no other code. The
// walk of the bundled document (test/fixtures/entity-writes.ts) finds every entity write; each
// has a scenario here or a reason in EXCLUDED, so a new entity fails this test until it has one.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { openApiDocument } from '../../server/http/openapi-document';
import { appUsers } from '../../server/services/developer/model';
import { assets, projectPermissions } from '../../server/services/workspace/model';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import type { Agent } from '../helpers/accounts';
import { createAppAs, signInAs } from '../helpers/developer';
import { activateIntegration, createPlanAs, monthly, paymentsPath } from '../helpers/payments';
import { withStripeMock } from '../helpers/stripe-mock';
import { appUser } from '../app-users/fixtures';
import { documentWithProbe, entityWrites } from '../fixtures/entity-writes';
import { writeDocument } from '../fixtures/document-with-field';

const PROBE = 'probeNote';

/** Entity writes that take no probe by design, each with its reason. */
const EXCLUDED: Record<string, string> = {
  // Actions on what a payment provider holds: the answer is the provider's state, not a record of free fields.
  refundAppUserCharge: 'a refund of a provider charge',
  changeAppUserSubscription: 'a plan change at the provider',
  cancelAppUserSubscription: 'a cancellation at the provider',
  // Turns the signed-in account into a developer; it answers a status.
  signupDeveloper: 'an account action',
  // An app's data collection is described by the data store (its name, counts, compiled rules and
  // JSON Schema), not stored as a record of free fields.
  createCollection: 'a data collection, described by the store',
  renameCollection: 'a rename of a data collection',
  setCollectionAccess: 'compiled access rules of a collection',
  saveCollectionSchema: "a collection's JSON Schema",
  // The developer's own data: the body is open (additionalProperties), so every property round-trips already (test/database).
  createDataDocument: 'open data document',
  updateDataDocument: 'open data document',
  createDocument: 'open data document',
  updateDocument: 'open data document',
};

interface Scenario {
  /** Sends the write with `probe` added to its body; answers the record's reads (operationId -> path and agent). */
  run: (probe: Record<string, string>) => Promise<{ written: unknown; reads: Record<string, { agent: Agent; path: string }> }>;
}

const writes = entityWrites(openApiDocument());
const probed = [...new Set(writes.filter((w) => !(w.operationId in EXCLUDED)).flatMap((w) => [w.write, w.read]))];

const stripe = withStripeMock();
let t: TestApp;
let edited: Express;

beforeAll(async () => {
  t = await createTestApp({ payments: { stripeApiBase: stripe.url, paddleApiBase: 'http://127.0.0.1:9' } });
  edited = createApp(t.ctx, { documentPath: writeDocument(documentWithProbe({ document: openApiDocument(), name: PROBE, schemas: probed })) });
});
afterAll(() => t.close());

const developer = async () => {
  const { agent } = await signInAs({ app: edited, ctx: t.ctx, email: `${randomUUID()}@dev.test` });
  return { agent, appId: await createAppAs({ agent }) };
};
const member = () => signInAs({ app: edited, ctx: t.ctx, email: `${randomUUID()}@member.test`, developer: false });
const dataOf = (res: { status: number; body: { data?: unknown } }, what: string): unknown => {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const appPath = (appId: string, rest = '') => `/integrations/developer/apps/${appId}${rest}`;

async function appUserOf(appId: string): Promise<string> {
  const user = appUser({ appId, n: Math.floor(Math.random() * 1e9) });
  await appUsers(t.ctx).insertOne(user);
  return user._id;
}

async function projectOf(agent: Agent): Promise<string> {
  return (dataOf(await agent.post('/api/project').send({ name: 'Probe site' }), 'createProject') as { projectId: string }).projectId;
}

async function widgetOf(agent: Agent, projectId: string): Promise<string> {
  return (dataOf(await agent.post('/api/v1/plugin').send({ type: 'poll', projectId }), 'createWidget') as { guid: string }).guid;
}

const projectReads = (agent: Agent, projectId: string) => ({
  getProject: { agent, path: `/api/project/${projectId}` },
  listProjects: { agent, path: '/api/project' },
});
const widgetReads = (agent: Agent, projectId: string, guid: string) => ({
  getWidget: { agent, path: `/api/v1/plugin/${guid}` },
  listProjectWidgets: { agent, path: `/api/project/${projectId}/component` },
});

const SCENARIOS: Record<string, Scenario> = {
  createApp: {
    run: async (probe) => {
      const { agent } = await signInAs({ app: edited, ctx: t.ctx, email: `${randomUUID()}@dev.test` });
      const written = dataOf(await agent.post('/integrations/developer/apps').send({ name: 'Probe App', ...probe }), 'createApp') as { appId: string };
      return { written, reads: { getApp: { agent, path: appPath(written.appId) } } };
    },
  },
  updateApp: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const written = dataOf(await agent.put(appPath(appId)).send(probe), 'updateApp');
      return { written, reads: { getApp: { agent, path: appPath(appId) } } };
    },
  },
  updateDeveloperDetails: {
    run: async (probe) => {
      const { agent } = await developer();
      const written = dataOf(await agent.post('/integrations/developer/details').send({ name: 'Ada Labs', email: 'ada@example.com', ...probe }), 'details');
      return { written, reads: { getDeveloperDetails: { agent, path: '/integrations/developer/details' } } };
    },
  },
  saveAppIntegration: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const body = { isActive: true, platformAppKeys: { publishableKey: 'pk_test_1', secretKey: 'sk_test_1' }, ...probe };
      const written = dataOf(await agent.put(appPath(appId, '/integrations/stripe')).send(body), 'saveAppIntegration');
      return { written, reads: { listAppIntegrations: { agent, path: appPath(appId, '/integrations') } } };
    },
  },
  createPlan: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const written = dataOf(await agent.post(paymentsPath(appId, '/plans')).send({ name: 'Basic', ...probe }), 'createPlan') as { planId: string };
      return { written, reads: { getPlan: { agent, path: paymentsPath(appId, `/plans/${written.planId}`) }, listPlans: { agent, path: paymentsPath(appId, '/plans') } } };
    },
  },
  updatePlan: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const { planId } = await createPlanAs({ agent, appId, plan: { name: 'Basic' } });
      const written = dataOf(await agent.put(paymentsPath(appId, `/plans/${planId}`)).send({ name: 'Basic', ...probe }), 'updatePlan');
      return { written, reads: { getPlan: { agent, path: paymentsPath(appId, `/plans/${planId}`) }, listPlans: { agent, path: paymentsPath(appId, '/plans') } } };
    },
  },
  saveFeatures: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const written = dataOf(await agent.put(paymentsPath(appId, '/features')).send([{ displayName: 'Support', name: 'support', type: 'boolean', ...probe }]), 'saveFeatures');
      return { written, reads: { listFeatures: { agent, path: paymentsPath(appId, '/features') } } };
    },
  },
  ...Object.fromEntries(
    (['createCoupon', 'updateCoupon'] as const).map((operationId) => [
      operationId,
      {
        run: async (probe: Record<string, string>) => {
          const { agent, appId } = await developer();
          const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro', pricingVariants: [monthly] } });
          await activateIntegration({ agent, appId, platform: 'stripe', keys: { publishableKey: 'pk_test_1', secretKey: 'sk_test_1' } });
          const connected = dataOf(await agent.post(paymentsPath(appId, `/plans/${plan.planId}/connect`)).send({ platform: 'stripe' }), 'connectPlan') as { platformPlanId: string }[];
          const coupon = { couponName: 'Launch', platformCouponCode: 'LAUNCH20', platform: 'stripe', discountAmount: 20, expires: '2030-01-01T00:00:00.000Z', appliesTo: [connected[0].platformPlanId] };
          const created = await agent.post(paymentsPath(appId, '/coupons')).send(operationId === 'createCoupon' ? { ...coupon, ...probe } : coupon);
          const { couponId } = dataOf(created, 'createCoupon') as { couponId: string };
          const written = operationId === 'createCoupon' ? created.body.data : dataOf(await agent.put(paymentsPath(appId, `/coupons/${couponId}`)).send({ ...coupon, ...probe }), 'updateCoupon');
          return { written, reads: { listCoupons: { agent, path: paymentsPath(appId, '/coupons') } } };
        },
      },
    ]),
  ),
  updateAppUser: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const userId = await appUserOf(appId);
      const written = dataOf(await agent.put(appPath(appId, `/users/${userId}`)).send({ accountName: 'Store', ...probe }), 'updateAppUser');
      return { written, reads: { getAppUser: { agent, path: appPath(appId, `/users/${userId}`) }, listAppUsers: { agent, path: appPath(appId, '/users') } } };
    },
  },
  createAppUserNote: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const userId = await appUserOf(appId);
      const written = dataOf(await agent.post(appPath(appId, `/users/${userId}/notes`)).send({ title: 'Call back', ...probe }), 'createAppUserNote');
      return { written, reads: { getAppUser: { agent, path: appPath(appId, `/users/${userId}`) } } };
    },
  },
  updateAppUserNote: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const userId = await appUserOf(appId);
      const { id } = dataOf(await agent.post(appPath(appId, `/users/${userId}/notes`)).send({ title: 'Call back' }), 'createAppUserNote') as { id: string };
      const written = dataOf(await agent.put(appPath(appId, `/users/${userId}/notes/${id}`)).send({ title: 'Call back', ...probe }), 'updateAppUserNote');
      return { written, reads: { getAppUser: { agent, path: appPath(appId, `/users/${userId}`) } } };
    },
  },
  createWebhook: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const written = dataOf(await agent.post(appPath(appId, '/webhooks')).send({ url: 'https://hooks.example.com/in', ...probe }), 'createWebhook') as { id: string };
      return { written, reads: { getWebhook: { agent, path: appPath(appId, `/webhooks/${written.id}`) }, listWebhooks: { agent, path: appPath(appId, '/webhooks') } } };
    },
  },
  updateWebhook: {
    run: async (probe) => {
      const { agent, appId } = await developer();
      const { id } = dataOf(await agent.post(appPath(appId, '/webhooks')).send({ url: 'https://hooks.example.com/in' }), 'createWebhook') as { id: string };
      const written = dataOf(await agent.put(appPath(appId, `/webhooks/${id}`)).send(probe), 'updateWebhook');
      return { written, reads: { getWebhook: { agent, path: appPath(appId, `/webhooks/${id}`) }, listWebhooks: { agent, path: appPath(appId, '/webhooks') } } };
    },
  },
  updateAccount: {
    run: async (probe) => {
      const { agent } = await member();
      const written = dataOf(await agent.post('/api/user').send(probe), 'updateAccount');
      return { written, reads: { getSession: { agent, path: '/api/user/session' } } };
    },
  },
  createProject: {
    run: async (probe) => {
      const { agent } = await member();
      const written = dataOf(await agent.post('/api/project').send({ name: 'Probe site', ...probe }), 'createProject') as { projectId: string };
      // A collaborator's list of shared projects shows it too.
      const { agent: shared, userId } = await member();
      const now = t.ctx.now().toISOString();
      await projectPermissions(t.ctx).insertOne({ _id: randomUUID(), projectId: written.projectId, role: 'viewer', status: 'active', email: 'shared@member.test', userId, invitedBy: userId, created: now, updated: now });
      return { written, reads: { ...projectReads(agent, written.projectId), listSharedProjects: { agent: shared, path: '/api/project/shared' } } };
    },
  },
  updateProject: {
    run: async (probe) => {
      const { agent } = await member();
      const projectId = await projectOf(agent);
      const written = dataOf(await agent.put(`/api/project/${projectId}`).send({ name: 'Probe site', ...probe }), 'updateProject');
      return { written, reads: projectReads(agent, projectId) };
    },
  },
  addProjectPermission: {
    run: async (probe) => {
      const { agent } = await member();
      const projectId = await projectOf(agent);
      const written = dataOf(await agent.post(`/api/project/${projectId}/permissions`).send({ email: 'invitee@member.test', permission: 'viewer', ...probe }), 'addProjectPermission');
      return { written, reads: { listProjectPermissions: { agent, path: `/api/project/${projectId}/permissions` } } };
    },
  },
  updateProjectPermission: {
    run: async (probe) => {
      const { agent } = await member();
      const projectId = await projectOf(agent);
      const { permissionId } = dataOf(await agent.post(`/api/project/${projectId}/permissions`).send({ email: 'invitee@member.test', permission: 'viewer' }), 'addProjectPermission') as {
        permissionId: string;
      };
      const written = dataOf(await agent.put(`/api/project/${projectId}/permissions/${permissionId}`).send({ role: 'editor', ...probe }), 'updateProjectPermission');
      return { written, reads: { listProjectPermissions: { agent, path: `/api/project/${projectId}/permissions` } } };
    },
  },
  createWidget: {
    run: async (probe) => {
      const { agent } = await member();
      const projectId = await projectOf(agent);
      const written = dataOf(await agent.post('/api/v1/plugin').send({ type: 'poll', projectId, ...probe }), 'createWidget') as { guid: string };
      return { written, reads: widgetReads(agent, projectId, written.guid) };
    },
  },
  updateWidget: {
    run: async (probe) => {
      const { agent } = await member();
      const projectId = await projectOf(agent);
      const guid = await widgetOf(agent, projectId);
      const written = dataOf(await agent.put(`/api/v1/plugin/${guid}`).send(probe), 'updateWidget');
      return { written, reads: widgetReads(agent, projectId, guid) };
    },
  },
  addWidgetPermission: {
    run: async (probe) => {
      const { agent } = await member();
      const guid = await widgetOf(agent, await projectOf(agent));
      const written = dataOf(await agent.post(`/api/v1/plugin/${guid}/permission`).send({ userDetails: { email: 'helper@member.test' }, ...probe }), 'addWidgetPermission');
      return { written, reads: { listWidgetPermissions: { agent, path: `/api/v1/plugin/${guid}/permission` } } };
    },
  },
  renameAsset: {
    run: async (probe) => {
      const { agent, userId } = await member();
      const projectId = await projectOf(agent);
      const guid = randomUUID();
      const now = t.ctx.now().toISOString();
      await assets(t.ctx).insertOne({ _id: guid, ownerId: userId, projectId, bytesOwnerId: userId, name: 'logo.png', assetType: 'image', mimeType: 'image/png', size: 0, blobKey: `assets/${guid}`, created: now, updated: now });
      const written = dataOf(await agent.put(`/api/v1/asset/${guid}`).send({ name: 'brand.png', ...probe }), 'renameAsset');
      return { written, reads: { listAssets: { agent, path: `/api/v1/asset?projectId=${projectId}` } } };
    },
  },
};

/** Whether some object in the answer carries the probe's value (the record, in a list, a page or its parent). */
const carries = (value: unknown, probe: string): boolean =>
  Array.isArray(value) ? value.some((item) => carries(item, probe)) : typeof value === 'object' && value !== null && (Object.values(value).includes(probe) || Object.values(value).some((inner) => carries(inner, probe)));

describe('the walk of the bundled document', () => {
  it('finds the entity writes, and each has a scenario or a reason to take no probe', () => {
    const found = writes.map((w) => w.operationId).sort();
    expect(found.length).toBeGreaterThan(30);
    expect(found.filter((id) => !(id in SCENARIOS) && !(id in EXCLUDED))).toEqual([]);
    expect([...Object.keys(SCENARIOS), ...Object.keys(EXCLUDED)].filter((id) => !found.includes(id))).toEqual([]);
  });
});

describe('a property added to the write and read schemas of an entity', () => {
  it.each(writes.filter((w) => w.operationId in SCENARIOS).map((w) => [w.operationId, w] as const))('is stored by %s and answered by its reads', async (operationId, write) => {
    const value = `probe of ${operationId}`;
    const { written, reads } = await SCENARIOS[operationId].run({ [PROBE]: value });
    expect(carries(written, value)).toBe(true);
    // Every GET the walk found near the write is read, and any the scenario adds (a list elsewhere).
    expect(write.readers.filter((reader) => !(reader in reads))).toEqual([]);
    const missing: string[] = [];
    for (const [reader, { agent, path }] of Object.entries(reads)) {
      const res = await agent.get(path);
      if (!carries(dataOf(res, reader), value)) missing.push(reader);
    }
    expect(missing).toEqual([]);
  });
});

describe('the marks of the properties the server owns', () => {
  let marked: Express;
  beforeAll(() => {
    const document = documentWithProbe({ document: openApiDocument(), name: PROBE, schemas: ['PlanInput', 'Plan'] });
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> }).schemas;
    schemas.PlanInput.properties[PROBE].readOnly = true;
    schemas.Plan.properties[PROBE].writeOnly = true;
    marked = createApp(t.ctx, { documentPath: writeDocument(document) });
  });

  it('refuse a readOnly property sent in a body with 400 on that field, and never answer a writeOnly one', async () => {
    const { agent } = await signInAs({ app: marked, ctx: t.ctx, email: `${randomUUID()}@dev.test` });
    const appId = await createAppAs({ agent });
    const refused = await agent.post(paymentsPath(appId, '/plans')).send({ name: 'Basic', [PROBE]: 'mine' }).expect(400);
    expect(refused.body.fieldErrors).toEqual({ [PROBE]: expect.stringContaining('read-only') });
    const { planId } = await createPlanAs({ agent, appId, plan: { name: 'Basic' } });
    await t.ctx.store.collection('paymentPlans').updateOne({ appId, planId }, { $set: { [PROBE]: 'kept on the server' } });
    const read = await agent.get(paymentsPath(appId, `/plans/${planId}`)).expect(200);
    expect(read.body.data).not.toHaveProperty(PROBE);
    expect(read.body.data).toMatchObject({ planId, name: 'Basic' });
  });
});

describe('a key the body schema does not declare', () => {
  it('never reaches the store, even where the schema leaves the body open (AppUserInput, NoteInput)', async () => {
    const { agent, appId } = await developer();
    const userId = await appUserOf(appId);
    const foreign = { appId: 'someone-else', _id: 'taken', platformUserId: 'forged' };
    await agent.put(appPath(appId, `/users/${userId}`)).send({ accountName: 'Store', ...foreign }).expect(200);
    expect(await appUsers(t.ctx).findOne({ _id: userId })).toMatchObject({ appId, platformUserId: expect.not.stringMatching('forged') });
    const note = await agent.post(appPath(appId, `/users/${userId}/notes`)).send({ title: 'Call', id: 'chosen', pinned: true }).expect(201);
    expect(note.body.data.id).not.toBe('chosen');
    expect((await appUsers(t.ctx).findOne({ _id: userId }))?.notes?.[0]).not.toHaveProperty('pinned');
  });
});
