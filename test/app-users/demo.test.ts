import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';
import { seedDemo } from '../../server/demo/seed';
import { DEMO_DEVELOPER } from '../../server/demo/accounts';
import { appUsers } from '../../server/services/developer/model';
import { usersPath } from './fixtures';

const t = withTestApp({ scope: 'file' });
const APP = 'demo-review-booster';
const OWNER_USER = `${APP}-demo-owner`;

it('gives the demo developer app users with notes, a stripe subscription to change and refundable charges', async () => {
  await seedDemo(t.ctx);
  const agent = request.agent(t.app);
  await agent.post('/api/user/login').send({ username: DEMO_DEVELOPER.email, password: DEMO_DEVELOPER.password, captchaToken: CAPTCHA, developer: true }).expect(200);

  const list = await agent.get(usersPath(APP)).expect(200);
  expect(list.body.data).toMatchObject({ limit: 20, total: 241 });
  expect(await appUsers(t.ctx).count({ appId: APP, notes: { $exists: true } })).toBeGreaterThanOrEqual(10);

  const owner = await agent.get(usersPath(APP, `/${OWNER_USER}`)).expect(200);
  expect(owner.body.data.notes).toEqual([expect.objectContaining({ title: 'Onboarding call' }), expect.objectContaining({ title: 'Asked about yearly billing' })]);
  const subs = await agent.get(usersPath(APP, `/${OWNER_USER}/subscription`)).expect(200);
  expect(subs.body.data.docs).toMatchObject([{ platform: 'stripe', status: 'active', planId: 'demo-pro' }]);
  const paid = await agent.get(usersPath(APP, `/${OWNER_USER}/charges`)).expect(200);
  expect(paid.body.data.docs).toHaveLength(3);
  expect(paid.body.data.docs[0]).toMatchObject({ platform: 'stripe', status: 'succeeded', refundableAmount: 19.99, platformChargeId: expect.stringMatching(/^ch_demo_owner_/) });
  const stats = await agent.get(usersPath(APP, `/${OWNER_USER}/stats`)).expect(200);
  expect(stats.body.data).toEqual({ totalCharges: 59.97, mrr: 19.99, currency: 'USD' });
  const change = await agent.put(usersPath(APP, `/${OWNER_USER}/subscription/${OWNER_USER}-sub`)).send({ planId: 'demo-business', platform: 'stripe' }).expect(200);
  expect(change.body.data).toMatchObject({ planId: 'demo-pro', pendingAction: 'change' });
});
