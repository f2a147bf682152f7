import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';
import { paymentsPath } from '../helpers/payments';
import { seedDemo } from '../../server/demo/seed';
import { seedPayments } from '../../server/demo/payments';
import { DEMO_DEVELOPER } from '../../server/demo/accounts';
import { DEMO_APPS } from '../../server/demo/developer';
import { subscriptions } from '../../server/services/developer/model';
import { plans } from '../../server/services/payments/model';

const t = withTestApp({ scope: 'file' });

it('gives each demo app plans that its subscriptions name, features, stripe connections and a stripe coupon', async () => {
  await seedDemo(t.ctx);
  const agent = request.agent(t.app);
  await agent.post('/api/user/login').send({ username: DEMO_DEVELOPER.email, password: DEMO_DEVELOPER.password, captchaToken: CAPTCHA, developer: true }).expect(200);

  for (const { appId } of DEMO_APPS) {
    const listed = await agent.get(paymentsPath(appId, '/plans')).expect(200);
    const planIds = (listed.body.data as { planId: string }[]).map((p) => p.planId);
    expect(planIds).toEqual(['demo-free', 'demo-basic', 'demo-pro', 'demo-business']);
    const subscribed = new Set((await subscriptions(t.ctx).find({ appId })).map((s) => s.planId));
    expect([...subscribed].every((id) => planIds.includes(id))).toBe(true);
    expect(listed.body.data[2]).toMatchObject({ name: 'Pro', isFree: false, connectedPlatforms: ['stripe'], pricingVariants: [{ pricePeriod: 'month' }, { pricePeriod: 'year' }] });

    const features = await agent.get(paymentsPath(appId, '/features')).expect(200);
    expect(features.body.data.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['numberOfWidgets', 'number'],
      ['removeBranding', 'boolean'],
      ['supportLevel', 'string'],
    ]);

    const connections = await agent.get(paymentsPath(appId, '/connections?platform=stripe')).expect(200);
    const coupons = await agent.get(paymentsPath(appId, '/coupons')).expect(200);
    expect(coupons.body.data).toMatchObject([{ platform: 'stripe', platformCouponCode: 'LAUNCH20', discountType: 'percentage', discountAmount: 20 }]);
    const priceIds = (connections.body.data as { platformPlanId: string }[]).map((c) => c.platformPlanId);
    expect(priceIds).toEqual(expect.arrayContaining(coupons.body.data[0].appliesTo));
  }
  // The unconnected plan stays editable through the API.
  const appId = DEMO_APPS[0].appId;
  await agent.put(paymentsPath(appId, '/plans/demo-basic')).send({ name: 'Starter', trialCount: 7, isActive: true }).expect(200);

  const before = await plans(t.ctx).count({});
  await seedPayments(t.ctx);
  expect(await plans(t.ctx).count({})).toBe(before);
});
