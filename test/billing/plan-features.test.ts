import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { FREE_PLAN_FEATURES } from '../../rules/plan-features';
import { mergePlanFeatures } from '../../server/services/workspace/plan-features';
import { projectPermissions } from '../../server/services/workspace/model';
import { insertSubscription, userIdOf } from './subscription-fixture';

describe('plan features merge', () => {
  it('starts from the free plan, takes the larger number and either boolean, keeps the first text', () => {
    expect(mergePlanFeatures([
      { websites: 3, collaborators: 2, allApps: false, planName: 'pro' },
      { websites: 10, collaborators: 1, allApps: true, planName: 'basic' },
    ])).toEqual({ ...FREE_PLAN_FEATURES, websites: 10, collaborators: 2, allApps: true, planName: 'pro' });
    expect(mergePlanFeatures([])).toEqual(FREE_PLAN_FEATURES);
  });
});

describe('GET /api/v1/user/planFeatures and the workspace limits', () => {
  const t = withTestApp();
  let agent: Agent;
  let userId: string;
  const features = async (query = ''): Promise<Record<string, unknown>> => (await agent.get(`/api/v1/user/planFeatures${query}`).expect(200)).body.data;

  beforeEach(async () => {
    agent = await signedInUser({ t, email: 'subscriber@billing.test' });
    userId = await userIdOf({ ctx: t.ctx, email: 'subscriber@billing.test' });
  });

  it('lets a paid plan raise the projects, collaborators and views the workspace allows', async () => {
    await agent.post('/api/project').send({ name: 'First' }).expect(201);
    expect((await agent.post('/api/project').send({ name: 'Second' })).body.reason).toBe('planLimit');

    await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-pro' });
    expect(await features()).toMatchObject({ websites: 10, collaborators: 5, numberOfViewsPerMonth: 100000, allApps: true });
    await agent.post('/api/project').send({ name: 'Second' }).expect(201);
    const project = (await agent.post('/api/project').send({ name: 'Third' }).expect(201)).body.data;
    for (const email of ['one@billing.test', 'two@billing.test']) {
      await agent.post(`/api/project/${project.projectId}/permissions`).send({ email, permission: 'viewer' }).expect(201);
    }
  });

  it.each(['cancelled', 'expired'] as const)('stops counting a %s subscription', async (status) => {
    await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-premium', status });
    expect(await features()).toMatchObject({ websites: 1, collaborators: 1, numberOfViewsPerMonth: 300 });
  });

  it.each(['trial', 'past_due'] as const)('counts a %s subscription', async (status) => {
    await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-basic', status });
    expect(await features()).toMatchObject({ websites: 3 });
  });

  it('counts an app\'s own plan only for that app when a serviceName is asked for', async () => {
    await insertSubscription({ ctx: t.ctx, userId, planId: 'poll-pro', serviceName: 'poll' });
    expect(await features('?serviceName=poll')).toMatchObject({ websites: 5 });
    expect(await features('?serviceName=faq')).toMatchObject({ websites: 1 });
    expect(await features()).toMatchObject({ websites: 5 });
  });

  it('answers the project owner\'s limits inside a project the caller belongs to, and the caller\'s own elsewhere', async () => {
    await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-pro' });
    const project = (await agent.post('/api/project').send({ name: 'Shared' }).expect(201)).body.data;
    const member = await signedInUser({ t, email: 'member@billing.test' });
    const stranger = await signedInUser({ t, email: 'stranger@billing.test' });
    await projectPermissions(t.ctx).insertOne({
      _id: 'member-permission', projectId: project.projectId, role: 'viewer', status: 'active', email: 'member@billing.test',
      userId: await userIdOf({ ctx: t.ctx, email: 'member@billing.test' }), invitedBy: userId, created: '2026-01-01', updated: '2026-01-01',
    });
    const ask = async (who: Agent): Promise<unknown> => (await who.get(`/api/v1/user/planFeatures?projectId=${project.projectId}`).expect(200)).body.data.websites;
    expect(await ask(member)).toBe(10);
    expect(await ask(stranger)).toBe(1);
    await request(t.app).get('/api/v1/user/planFeatures').expect(401);
  });
});
