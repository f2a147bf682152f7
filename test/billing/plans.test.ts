import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';
import { abbreviateLimit } from '../../rules/abbreviate';
import { miniBundlePrice } from '../../rules/pricing-math';
import { plans } from '../../server/services/billing/model';
import { funnelEvents } from '../../server/services/billing/plans/funnel-events';
import { seedPlans } from '../../server/services/billing/plans/seed';
import { PLAN_CACHE_MS } from '../../server/services/billing/plans/cache';
import { insertSubscription, userIdOf } from './subscription-fixture';
import { DRAFT, catalogWithDraft } from '../workspace/catalog-draft';

interface PlanBody { planId: string; name: string; isFree: boolean; features: Record<string, unknown>; pricingVariants: Array<{ id: string; pricePeriod: string; priceCount: number }>; meta: { supportedPlatforms: string[] } }

describe('GET /nindo/api/getPaymentPlans/{type}', () => {
  const t = withTestApp({ scope: 'file' });
  const plansOf = async (path: string): Promise<PlanBody[]> => {
    const res = await request(t.app).get(path).expect(200);
    return res.body.data.plans as PlanBody[];
  };

  it.each([
    ['bundle', ['Free', 'Basic', 'Pro', 'Premium']],
    ['widgets_bundle', ['Free', 'Essentials', 'Pro', 'Ultimate']],
    ['mini_bundles', ['3 Apps', '5 Apps', '8 Apps']],
    ['bracketsninja', ['Free', 'Pro', 'Premium']],
    ['poll', ['Free', 'Basic', 'Pro', 'Premium']],
  ])('lists the %s family to a visitor in order, with no user details', async (type, names) => {
    const res = await request(t.app).get(`/nindo/api/getPaymentPlans/${type}`).expect(200);
    expect(res.body.data.plans.map((plan: PlanBody) => plan.name)).toEqual(names);
    expect(res.body.data.userDetails).toBeNull();
    expect(res.body.data.features.map((feature: { name: string }) => feature.name)).toContain('numberOfViewsPerMonth');
  });

  it.each(['nothing-like-it', DRAFT.slug])('answers 404 Plugin type not found for %s (unknown or unpublished)', async (type) => {
    await catalogWithDraft(t.ctx);
    const res = await request(t.app).get(`/nindo/api/getPaymentPlans/${type}`).expect(404);
    expect(res.body).toEqual({ success: false, data: null, message: 'Plugin type not found', requestId: expect.any(String) });
  });

  it('gives every plan a month variant at even indexes and a year variant at odd ones', async () => {
    for (const plan of await plansOf('/nindo/api/getPaymentPlans/widgets_bundle')) {
      expect(plan.pricingVariants.map((variant) => variant.pricePeriod)).toEqual(['month', 'year']);
    }
  });

  it('grants the paid widgets-bundle plans unlimited websites and all apps, the free one neither', async () => {
    const [free, ...paid] = await plansOf('/nindo/api/getPaymentPlans/widgets_bundle');
    expect(free.isFree).toBe(true);
    expect(free.features).toMatchObject({ websites: 1, allApps: false });
    for (const plan of paid) expect(plan.features).toMatchObject({ allApps: true });
    for (const plan of paid) expect(abbreviateLimit(plan.features.websites as number)).toBe('Unlimited');
  });

  it('prices the mini-bundle tiers by the mini-bundle formula', async () => {
    for (const plan of await plansOf('/nindo/api/getPaymentPlans/mini_bundles')) {
      const price = miniBundlePrice(plan.features.numberOfApps as number);
      expect(plan.pricingVariants.map((variant) => variant.priceCount)).toEqual([price.monthly, price.yearly]);
    }
  });

  it.each([
    { query: '', plans: 4, shopifyFeature: true },
    { query: '?vendor=nindo', plans: 4, shopifyFeature: true },
    { query: '?vendor=website', plans: 4, shopifyFeature: true },
    { query: '?platform=wix', plans: 3, shopifyFeature: false },
    { query: '?vendor=wix', plans: 3, shopifyFeature: false },
    { query: '?vendor=shopify', plans: 4, shopifyFeature: true },
    { query: '?platform=unheard-of', plans: 0, shopifyFeature: false },
  ])('keeps the plans and features the platform supports for "$query"', async ({ query, plans: count, shopifyFeature }) => {
    const res = await request(t.app).get(`/nindo/api/getPaymentPlans/bundle${query}`).expect(200);
    expect(res.body.data.plans).toHaveLength(count);
    const names = res.body.data.features.map((feature: { name: string }) => feature.name);
    expect(names.includes('shopifyThemeBlocks')).toBe(shopifyFeature);
    const pro = (res.body.data.plans as PlanBody[]).find((plan) => plan.name === 'Pro');
    if (pro) expect('shopifyThemeBlocks' in pro.features).toBe(shopifyFeature);
  });

  it('tells a signed-in caller their name and their current plan of the family', async () => {
    const agent = await signedInUser({ t, email: 'buyer@billing.test' });
    const before = await agent.get('/nindo/api/getPaymentPlans/bundle').expect(200);
    expect(before.body.data.userDetails).toEqual({ name: 'Ada Lovelace', plan: null });

    const userId = await userIdOf({ ctx: t.ctx, email: 'buyer@billing.test' });
    const subscription = await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-pro' });
    const after = await agent.get('/nindo/api/getPaymentPlans/bundle').expect(200);
    expect(after.body.data.userDetails.plan).toEqual({
      subscriptionId: subscription.subscriptionId, planId: 'bundle-pro', name: 'Pro', planPricingVariantId: 'bundle-pro-year', status: 'active', source: 'bluesnap',
    });
    const otherFamily = await agent.get('/nindo/api/getPaymentPlans/widgets_bundle').expect(200);
    expect(otherFamily.body.data.userDetails.plan).toBeNull();
  });

  it('shows a plan edited in the store within the cache time, and seeding again keeps the edit', async () => {
    await request(t.app).get('/nindo/api/getPaymentPlans/bundle').expect(200);
    await plans(t.ctx).updateOne({ planId: 'bundle-basic' }, { $set: { name: 'Starter', pricing: 11 } });
    await seedPlans(t.ctx);
    t.advance(PLAN_CACHE_MS);
    const basic = (await plansOf('/nindo/api/getPaymentPlans/bundle')).find((plan) => plan.planId === 'bundle-basic');
    expect(basic?.name).toBe('Starter');
  });
});

describe('GET /api/subscription[/v/{vendor}]/{serviceName}', () => {
  const t = withTestApp({ scope: 'file' });

  it('lists only the caller\'s live subscriptions that cover the service, through the vendor asked for', async () => {
    const agent = await signedInUser({ t, email: 'owner@billing.test' });
    await signedInUser({ t, email: 'other@billing.test' });
    const userId = await userIdOf({ ctx: t.ctx, email: 'owner@billing.test' });
    const otherId = await userIdOf({ ctx: t.ctx, email: 'other@billing.test' });
    await insertSubscription({ ctx: t.ctx, userId, planId: 'poll-pro', serviceName: 'poll', id: 'poll-sub' });
    await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-basic', status: 'trial', id: 'bundle-sub' });
    await insertSubscription({ ctx: t.ctx, userId, planId: 'faq-pro', serviceName: 'faq', status: 'cancelled', id: 'faq-cancelled' });
    await insertSubscription({ ctx: t.ctx, userId, planId: 'faq-basic', serviceName: 'faq', vendor: 'shopify', id: 'faq-shopify' });
    await insertSubscription({ ctx: t.ctx, userId: otherId, planId: 'faq-pro', serviceName: 'faq', id: 'faq-other' });

    const ids = async (path: string): Promise<string[]> =>
      ((await agent.get(path).expect(200)).body.data.docs as Array<{ subscriptionId: string }>).map((doc) => doc.subscriptionId).sort();
    expect(await ids('/api/subscription/poll')).toEqual(['bundle-sub', 'poll-sub']);
    expect(await ids('/api/subscription/faq')).toEqual(['bundle-sub']);
    expect(await ids('/api/subscription/v/nindo/faq')).toEqual(['bundle-sub']);
    expect(await ids('/api/subscription/v/shopify/faq')).toEqual(['faq-shopify']);
    const doc = (await agent.get('/api/subscription/poll').expect(200)).body.data.docs.find((one: { subscriptionId: string }) => one.subscriptionId === 'poll-sub');
    expect(doc).toMatchObject({ status: 'active', isActive: true, planId: 'poll-pro', plan: { name: 'Pro', period: 'year', amount: 96 } });
    expect(doc.userId).toBeUndefined();
  });

  it('asks for a session', async () => {
    await request(t.app).get('/api/subscription/poll').expect(401);
  });
});

describe('POST /api/funnelEvent', () => {
  const t = withTestApp({ scope: 'file' });

  it('stores the event with the caller when signed in, and without one for a visitor', async () => {
    const agent = await signedInUser({ t, email: 'funnel@billing.test' });
    await agent.post('/api/funnelEvent?type=checkout-start').send({ serviceName: 'poll', planId: 'poll-pro' }).expect(201);
    await request(t.app).post('/api/funnelEvent?type=pricing-view').expect(201);
    const stored = await funnelEvents(t.ctx).find({}, { sort: { type: 1 } });
    const userId = await userIdOf({ ctx: t.ctx, email: 'funnel@billing.test' });
    expect(stored.map(({ type, userId: who, planId }) => ({ type, who, planId }))).toEqual([
      { type: 'checkout-start', who: userId, planId: 'poll-pro' },
      { type: 'pricing-view', who: undefined, planId: undefined },
    ]);
  });

  it('refuses an event type that is not a short name', async () => {
    await request(t.app).post('/api/funnelEvent?type=has%20spaces').expect(400);
  });
});
