import type { Agent } from '../helpers/accounts';
import { activateIntegration, createPlanAs, developerWithApp, monthly, paymentsPath } from '../helpers/payments';
import { withStripeMockApp } from '../helpers/stripe-mock';

const { stripe, t } = withStripeMockApp();
let agent: Agent;
let appId: string;
let priceId: string;

const expires = '2030-01-01T00:00:00.000Z';
const coupon = (): Record<string, unknown> => ({ couponName: 'Launch', platformCouponCode: 'LAUNCH20', platform: 'stripe', discountAmount: 20, expires, appliesTo: [priceId] });
const createCoupon = (body: object) => agent.post(paymentsPath(appId, '/coupons')).send(body);
/** Stripe answers 401 to a secret key it does not know; stripe-mock to any but a test-mode one. */
const refuseStripeKeys = () => activateIntegration({ agent, appId, platform: 'stripe', keys: { publishableKey: 'pk_test_1', secretKey: 'sk_revoked' } });
const statuses = () => stripe.requests.map((r) => r.status);

beforeEach(async () => {
  ({ agent, appId } = await developerWithApp(t));
  const plan = await createPlanAs({ agent, appId, plan: { name: 'Pro', pricingVariants: [monthly] } });
  await activateIntegration({ agent, appId, platform: 'stripe', keys: { publishableKey: 'pk_test_1', secretKey: 'sk_test_1' } });
  const connected = await agent.post(paymentsPath(appId, `/plans/${plan.planId}/connect`)).send({ platform: 'stripe' }).expect(200);
  priceId = connected.body.data[0].platformPlanId as string;
});

describe('creating a coupon', () => {
  it("creates it at the provider with the spec's defaults and keeps the provider's id", async () => {
    stripe.requests.length = 0;
    const res = await createCoupon({ couponName: ' Launch ', platformCouponCode: 'LAUNCH20', platform: 'stripe', expires, appliesTo: [priceId] }).expect(201);
    expect(res.body.message).toBe('Coupon created');
    expect(res.body.data).toEqual({
      couponId: expect.any(String),
      couponName: 'Launch',
      platform: 'stripe',
      platformCouponCode: 'LAUNCH20',
      platformCouponId: expect.any(String),
      discountType: 'percentage',
      discountAmount: 20,
      discountCurrency: 'usd',
      expires,
      durationType: 'forever',
      maxRedemptions: 5,
      timesRedeemed: 0,
      appliesTo: [priceId],
      created: expect.any(String),
      updated: expect.any(String),
    });
    expect(stripe.sent()).toEqual([`GET /v1/prices/${priceId}`, 'POST /v1/coupons', 'POST /v1/promotion_codes']);
    // The id kept is the coupon Stripe created, the one its promotion code was made for.
    expect(stripe.requests[2].form).toEqual({ 'promotion[type]': 'coupon', 'promotion[coupon]': res.body.data.platformCouponId, code: 'LAUNCH20' });
    const listed = await agent.get(paymentsPath(appId, '/coupons')).expect(200);
    expect(listed.body.data).toEqual([res.body.data]);
  });

  const without = (key: string) => () => Object.fromEntries(Object.entries(coupon()).filter(([k]) => k !== key));
  const withValue = (key: string, value: unknown) => () => ({ ...coupon(), [key]: value });

  it.each([
    ['no name', without('couponName'), 'couponName', 'Coupon name is required'],
    ['a blank name', withValue('couponName', '  '), 'couponName', 'Coupon name is required'],
    ['no code', withValue('platformCouponCode', ''), 'platformCouponCode', 'Coupon code is required'],
    ['a blank code', withValue('platformCouponCode', '   '), 'platformCouponCode', 'Coupon code is required'],
    ['a code over 20 characters', withValue('platformCouponCode', 'A'.repeat(21)), 'platformCouponCode', 'Coupon code must be at most 20 characters'],
    ['a negative discount', withValue('discountAmount', -1), 'discountAmount', 'Discount amount must be at least 0'],
    ['a percentage over 100', withValue('discountAmount', 150), 'discountAmount', 'Discount amount must be at most 100 percent'],
    ['negative max uses', withValue('maxRedemptions', -1), 'maxRedemptions', 'Max uses must be at least 0'],
    ['no platform', without('platform'), 'platform', 'Platform is required'],
    ['an empty platform', withValue('platform', ''), 'platform', 'Platform is required'],
    ['no expiration date', without('expires'), 'expires', 'Expiration date is required'],
    ['no plan', withValue('appliesTo', []), 'appliesTo', 'Please connect at least one plan to the coupon'],
    ['a plan not connected there', withValue('appliesTo', ['price_other']), 'appliesTo.0', 'Please connect at least one plan to the coupon'],
    ['repeating without months', withValue('durationType', 'repeating'), 'durationAmountInMonths', 'Duration in months is required'],
    ['a platform without an active integration', withValue('platform', 'paddle'), 'platform', 'Coupons will be available once you connect a payment integration.'],
    ['a platform that takes no coupons', withValue('platform', 'duda'), 'platform', 'Coupons will be available once you connect a payment integration.'],
  ])('refuses %s', async (_case, body, field, message) => {
    const res = await createCoupon(body()).expect(400);
    expect(res.body.fieldErrors[field]).toBe(message);
    expect(res.body.message).toBe(message);
  });

  it('is not available before the app has a plan', async () => {
    const other = await developerWithApp(t, 'other@example.com');
    const res = await other.agent.post(paymentsPath(other.appId, '/coupons')).send(coupon()).expect(400);
    expect(res.body.message).toBe('Coupons will be available once you add your first payment plan.');
  });

  it('refuses a code already used on the platform', async () => {
    await createCoupon(coupon()).expect(201);
    const res = await createCoupon({ ...coupon(), couponName: 'Again' }).expect(400);
    expect(res.body.fieldErrors.platformCouponCode).toBe('This coupon code is already used');
  });

  it("answers 502 with the spec's message and stores nothing when the provider refuses", async () => {
    await refuseStripeKeys();
    stripe.requests.length = 0;
    const res = await createCoupon(coupon()).expect(502);
    expect(statuses()).toEqual([401]);
    expect(res.body.message).toBe('There was a problem connecting to this provider, did you set up the integration to Stripe correctly?');
    expect((await agent.get(paymentsPath(appId, '/coupons')).expect(200)).body.data).toEqual([]);
  });
});

describe('an existing coupon', () => {
  let couponId: string;
  let platformCouponId: string;

  beforeEach(async () => {
    ({ couponId, platformCouponId } = (await createCoupon(coupon()).expect(201)).body.data);
  });

  it('saves its other fields', async () => {
    const res = await agent.put(paymentsPath(appId, `/coupons/${couponId}`)).send({ ...coupon(), discountAmount: 30, maxRedemptions: 50 }).expect(200);
    expect(res.body.message).toBe('Coupon saved');
    expect(res.body.data).toMatchObject({ discountAmount: 30, maxRedemptions: 50, platformCouponId });
  });

  it.each([
    ['name', { couponName: 'Renamed' }],
    ['code', { platformCouponCode: 'OTHER' }],
    ['platform', { platform: 'paddle' }],
  ])('keeps its %s read-only', async (_field, change) => {
    const res = await agent.put(paymentsPath(appId, `/coupons/${couponId}`)).send({ ...coupon(), ...change }).expect(400);
    expect(res.body.message).toBe('The coupon name, code and platform cannot be changed after creation');
  });

  it('still needs a plan', async () => {
    const res = await agent.put(paymentsPath(appId, `/coupons/${couponId}`)).send({ ...coupon(), appliesTo: [] }).expect(400);
    expect(res.body.message).toBe('Please connect at least one plan to the coupon');
  });

  it('is deleted at the provider and here', async () => {
    stripe.requests.length = 0;
    const res = await agent.delete(paymentsPath(appId, `/coupons/${couponId}?platform=stripe`)).expect(200);
    expect(res.body.message).toBe('Coupon deleted');
    expect(stripe.sent()).toEqual([`DELETE /v1/coupons/${platformCouponId}`]);
    expect(statuses()).toEqual([200]);
    expect((await agent.get(paymentsPath(appId, '/coupons')).expect(200)).body.data).toEqual([]);
  });

  it('is only deleted here once the integration is off', async () => {
    await agent.put(`/integrations/developer/apps/${appId}/integrations/stripe`).send({ isActive: false, platformAppKeys: {} }).expect(200);
    stripe.requests.length = 0;
    await agent.delete(paymentsPath(appId, `/coupons/${couponId}?platform=stripe`)).expect(200);
    expect(stripe.sent()).toEqual([]);
  });

  it('is kept when the provider refuses to delete it', async () => {
    await refuseStripeKeys();
    stripe.requests.length = 0;
    await agent.delete(paymentsPath(appId, `/coupons/${couponId}?platform=stripe`)).expect(502);
    expect(statuses()).toEqual([401]);
    expect((await agent.get(paymentsPath(appId, '/coupons')).expect(200)).body.data).toHaveLength(1);
  });

  it.each([
    ['another platform', (id: string) => `/coupons/${id}?platform=paddle`],
    ['an unknown coupon', () => '/coupons/nope?platform=stripe'],
  ])('answers 404 Coupon not found for %s', async (_case, path) => {
    const res = await agent.delete(paymentsPath(appId, path(couponId))).expect(404);
    expect(res.body.message).toBe('Coupon not found');
  });
});
