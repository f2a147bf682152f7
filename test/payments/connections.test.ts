import type { Agent } from '../helpers/accounts';
import { activateIntegration, createPlanAs, developerWithApp, monthly, paymentsPath, yearly } from '../helpers/payments';
import { withStripeMockApp } from '../helpers/stripe-mock';

const { stripe, t } = withStripeMockApp();
let agent: Agent;
let appId: string;
let planId: string;
let variantIds: string[];

beforeEach(async () => {
  ({ agent, appId } = await developerWithApp(t));
  const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro', pricingVariants: [monthly, yearly] } });
  planId = plan.planId;
  variantIds = plan.pricingVariants.map((v) => v.id);
  stripe.requests.length = 0;
});

const connect = (body: object) => agent.post(paymentsPath(appId, `/plans/${planId}/connect`)).send(body);
const wixKeys = { appId: 'wix-app', appSecret: 'secret', webhookPublicKey: 'key' };
const stripeKeys = { publishableKey: 'pk_test_1', secretKey: 'sk_test_1' };
/** Stripe answers 401 to a secret key it does not know; stripe-mock to any but a test-mode one. */
const refusedStripeKeys = { publishableKey: 'pk_test_1', secretKey: 'sk_revoked' };

describe('connecting a plan', () => {
  it.each([
    ['duda', {}],
    ['wix', wixKeys],
  ])('stores the %s plan id given for each price', async (platform, keys) => {
    await activateIntegration({ agent, appId, platform, keys });
    const res = await connect({ platform, pricingToPlanMap: { [variantIds[0]]: ' month-id ', [variantIds[1]]: 'year-id' } }).expect(200);
    expect(res.body.message).toBe('Provider connected successfully');
    expect(res.body.data).toEqual([
      { platform, planId, planPricingVariantId: variantIds[0], platformPlanId: 'month-id', created: expect.any(String) },
      { platform, planId, planPricingVariantId: variantIds[1], platformPlanId: 'year-id', created: expect.any(String) },
    ]);
    const listed = await agent.get(paymentsPath(appId, `/plans/${planId}/connections`)).expect(200);
    expect(listed.body.data).toEqual(res.body.data);
  });

  it('creates the prices at Stripe when no ids are given', async () => {
    await activateIntegration({ agent, appId, platform: 'stripe', keys: stripeKeys });
    const res = await connect({ platform: 'stripe' }).expect(200);
    const ids = res.body.data.map((c: { platformPlanId: string }) => c.platformPlanId);
    expect(ids).toEqual([expect.stringMatching(/^price_/), expect.stringMatching(/^price_/)]);
    expect(new Set(ids).size).toBe(2);
    expect(stripe.sent()).toEqual(['POST /v1/products', 'POST /v1/prices', 'POST /v1/prices']);
  });

  it("answers 502 with the spec's message when the provider refuses", async () => {
    await activateIntegration({ agent, appId, platform: 'stripe', keys: refusedStripeKeys });
    const res = await connect({ platform: 'stripe' }).expect(502);
    expect(stripe.requests.map((r) => r.status)).toEqual([401]);
    expect(res.body.message).toBe('There was a problem connecting to this provider, did you set up the integration to Stripe correctly?');
    expect((await agent.get(paymentsPath(appId, '/connections')).expect(200)).body.data).toEqual([]);
  });

  it('replaces the earlier connection to the same platform', async () => {
    await activateIntegration({ agent, appId, platform: 'duda', keys: {} });
    await connect({ platform: 'duda', pricingToPlanMap: { [variantIds[0]]: 'a', [variantIds[1]]: 'b' } }).expect(200);
    const res = await connect({ platform: 'duda', pricingToPlanMap: { [variantIds[0]]: 'c', [variantIds[1]]: 'd' } }).expect(200);
    expect(res.body.data.map((c: { platformPlanId: string }) => c.platformPlanId)).toEqual(['c', 'd']);
  });

  it.each([
    ['no integration', 'duda', async () => undefined, {}, 'You need to add a payment integration before you connect a provider.'],
    [
      'an inactive integration',
      'wix',
      async () => {
        await agent.put(`/integrations/developer/apps/${appId}/integrations/wix`).send({ isActive: false, platformAppKeys: wixKeys }).expect(200);
      },
      {},
      'You need to add a payment integration before you connect a provider.',
    ],
    ['a missing plan id', 'duda', () => activateIntegration({ agent, appId, platform: 'duda', keys: {} }), { first: 'a' }, 'Please add a plan ID for each pricing plan you defined.'],
    ['a blank plan id', 'wix', () => activateIntegration({ agent, appId, platform: 'wix', keys: wixKeys }), { first: 'a', second: ' ' }, 'Please add a plan ID for each pricing plan you defined.'],
  ])('refuses with %s', async (_case, platform, arrange, ids: Record<string, string>, message) => {
    await arrange();
    const map = Object.fromEntries(Object.entries(ids).map(([which, id]) => [which === 'first' ? variantIds[0] : variantIds[1], id]));
    const res = await connect({ platform, pricingToPlanMap: map }).expect(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a plan without prices', async () => {
    await activateIntegration({ agent, appId, platform: 'duda', keys: {} });
    const free = await createPlanAs({ agent, appId, plan: { name: 'Free', isFree: true } });
    const res = await agent.post(paymentsPath(appId, `/plans/${free.planId}/connect`)).send({ platform: 'duda' }).expect(400);
    expect(res.body.message).toBe('You need to add at least one price to your plan.');
  });

  it.each(['connect', 'disconnect'])("answers 404 Provider doesn't exists on %s to an unknown platform", async (action) => {
    const res = await agent.post(paymentsPath(appId, `/plans/${planId}/${action}`)).send({ platform: 'shopify' }).expect(404);
    expect(res.body.message).toBe("Provider doesn't exists");
  });

  it('answers 404 for a plan that does not exist', async () => {
    const res = await agent.post(paymentsPath(appId, '/plans/nope/connect')).send({ platform: 'duda' }).expect(404);
    expect(res.body.message).toBe('Plan not found');
  });
});

describe('listing and disconnecting', () => {
  beforeEach(async () => {
    await activateIntegration({ agent, appId, platform: 'duda', keys: {} });
    await activateIntegration({ agent, appId, platform: 'wix', keys: wixKeys });
    const map = { [variantIds[0]]: 'm', [variantIds[1]]: 'y' };
    await connect({ platform: 'duda', pricingToPlanMap: map }).expect(200);
    await connect({ platform: 'wix', pricingToPlanMap: map }).expect(200);
  });

  it("lists the app's connections, all or for one platform", async () => {
    const all = await agent.get(paymentsPath(appId, '/connections')).expect(200);
    expect(all.body.data).toHaveLength(4);
    const wix = await agent.get(paymentsPath(appId, '/connections?platform=wix')).expect(200);
    expect(wix.body.data.map((c: { platform: string; platformPlanId: string }) => [c.platform, c.platformPlanId])).toEqual([
      ['wix', 'm'],
      ['wix', 'y'],
    ]);
  });

  it("removes only that platform's connections", async () => {
    const res = await agent.post(paymentsPath(appId, `/plans/${planId}/disconnect`)).send({ platform: 'duda' }).expect(200);
    expect(res.body.message).toBe('Provider disconnected successfully');
    expect(res.body.data.map((c: { platform: string }) => c.platform)).toEqual(['wix', 'wix']);
    const plan = await agent.get(paymentsPath(appId, `/plans/${planId}`)).expect(200);
    expect(plan.body.data.connectedPlatforms).toEqual(['wix']);
  });
});
