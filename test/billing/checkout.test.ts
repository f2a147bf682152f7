// Checkout sessions and mini-bundles (spec 002 sections 5 and 7).
import { randomUUID } from 'node:crypto';
import { removeAppsMessage } from '../../rules/billing-messages';
import { signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { withTestApp } from '../helpers/test-app';
import { cardToken, purchase } from './checkout-fixture';

describe('checkout sessions and mini-bundles', () => {
  const t = withTestApp({ scope: 'file' });
  let agent: Agent;
  beforeEach(async () => {
    agent = await signedInUser({ t, email: `bundler-${randomUUID().slice(0, 8)}@billing.test` });
  });

  describe('checkout sessions', () => {
    it('answers our own checkout address and the session behind it', async () => {
      const res = await agent.post('/nindo/api/getCheckoutUrl/bundle').send({ pricingVariantId: 'bundle-pro-month', platform: 'shopify' }).expect(201);
      const { sessionId, url } = res.body.data;
      expect(url).toBe(`${t.ctx.config.publicUrl}/checkout/${sessionId}?variantId=bundle-pro-month`);
      const session = await agent.get(`/nindo/api/getCheckoutSession/${sessionId}?variantId=bundle-pro-year`).expect(200);
      expect(session.body.data).toMatchObject({ sessionId, componentType: 'bundle', platform: 'shopify', variantId: 'bundle-pro-year', plan: { planId: 'bundle-pro' } });
      expect(session.body.data.plan.pricingVariants.map((v: { pricePeriod: string }) => v.pricePeriod)).toEqual(['month', 'year']);
    });

    it.each([
      ['a variant of another family', '/nindo/api/getCheckoutUrl/widgets_bundle', 'bundle-pro-month'],
      ['an unknown variant', '/nindo/api/getCheckoutUrl/bundle', 'no-such-variant'],
    ])('answers 404 Plan not found for %s', async (_case, url, pricingVariantId) => {
      const res = await agent.post(url).send({ pricingVariantId }).expect(404);
      expect(res.body.message).toBe('Plan not found');
    });

    it("keeps a session to its buyer: another user's answers 404", async () => {
      const { sessionId } = (await agent.post('/nindo/api/getCheckoutUrl/bundle').send({ pricingVariantId: 'bundle-pro-month' }).expect(201)).body.data;
      const stranger = await signedInUser({ t, email: `stranger-${randomUUID().slice(0, 8)}@billing.test` });
      await stranger.get(`/nindo/api/getCheckoutSession/${sessionId}`).expect(404);
    });
  });

  describe('mini-bundles', () => {
    it('has none at first', async () => {
      expect((await agent.get('/nindo/api/getMiniBundle').expect(200)).body.data).toBeNull();
    });

    it('holds up to the default 3 apps, never the bracket app', async () => {
      const res = await agent.post('/nindo/api/createMiniBundle').send({ selectedApps: ['poll', 'bracket', 'faq', 'testimonials'] }).expect(201);
      expect(res.body.data).toMatchObject({ selectedApps: ['poll', 'faq', 'testimonials'], limit: 3 });
      expect((await agent.get('/nindo/api/getMiniBundle').expect(200)).body.data.id).toBe(res.body.data.id);
    });

    it.each([
      [undefined, 4, removeAppsMessage(1)],
      ['mini_bundles-5-apps', 7, removeAppsMessage(2)],
    ])('refuses more apps than the limit of plan %s', async (planId, count, message) => {
      const selectedApps = Array.from({ length: count }, (_, i) => `app-${i}`);
      const res = await agent.post('/nindo/api/createMiniBundle').send({ selectedApps, ...(planId ? { planId } : {}) }).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('takes the limit of the subscription holding the bundle when its apps change', async () => {
      const bundle = (await agent.post('/nindo/api/createMiniBundle').send({ selectedApps: ['poll'], planId: 'mini_bundles-5-apps' }).expect(201)).body.data;
      const token = await cardToken({ t, agent });
      const bought = await agent.post('/api/bluesnap/subscription').send({ ...purchase({ token, planId: 'mini_bundles-5-apps' }), miniBundleId: bundle.id }).expect(200);
      expect(bought.body.data.subscription.miniBundleDetails).toEqual({ id: bundle.id, selectedApps: ['poll'] });
      const five = ['poll', 'faq', 'testimonials', 'pricing', 'countdown'];
      const updated = await agent.put(`/nindo/api/updateMiniBundle/${bundle.id}`).send({ selectedApps: five }).expect(200);
      expect(updated.body.data).toMatchObject({ selectedApps: five, limit: 5, subscriptionId: bought.body.data.subscription.subscriptionId });
      await agent.put(`/nindo/api/updateMiniBundle/${bundle.id}`).send({ selectedApps: [...five, 'reviews'] }).expect(400);
    });

    it("answers 404 for another user's bundle", async () => {
      const bundle = (await agent.post('/nindo/api/createMiniBundle').send({ selectedApps: ['poll'] }).expect(201)).body.data;
      const stranger = await signedInUser({ t, email: `stranger-${randomUUID().slice(0, 8)}@billing.test` });
      await stranger.put(`/nindo/api/updateMiniBundle/${bundle.id}`).send({ selectedApps: ['faq'] }).expect(404);
    });
  });
});
