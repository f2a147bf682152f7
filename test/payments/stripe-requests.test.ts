// What the stripe adapter sends, read at a recording proxy in front of stripe-mock. stripe-mock
// validates each request against Stripe's OpenAPI document (a wrong or unknown parameter is a 400)
// but keeps no state, so these tests prove the parameters and that Stripe's schema accepted them.
import type { ProviderCoupon } from '../../server/services/payments/providers/port';
import { stripeProvider } from '../../server/services/payments/providers/stripe';
import { withRecordedStripeMock } from '../helpers/stripe-mock';
import { PROVIDER_PLAN } from '../helpers/payments';

const proxy = withRecordedStripeMock();
beforeEach(() => {
  proxy.requests.length = 0;
});

const credentials = { publishableKey: 'pk_test_r', secretKey: 'sk_test_requests' };
const provider = () => stripeProvider({ apiBase: proxy.url });
const { sent } = proxy;
const last = (method: string, path: string) => proxy.requests.filter((r) => r.method === method && r.path === path).at(-1);

const plan = PROVIDER_PLAN;

afterEach(() => {
  // Every request the adapter made was accepted by stripe-mock's schema validation.
  expect(proxy.requests.map((r) => r.status).filter((status) => status !== 200)).toEqual([]);
});

describe('connecting a plan', () => {
  it('creates one product with the trial in its metadata and one price per variant', async () => {
    await provider().connectPlan({ credentials, plan, given: {} });
    expect(sent()).toEqual(['POST /v1/products', 'POST /v1/prices', 'POST /v1/prices', 'POST /v1/prices']);
    expect(proxy.requests[0].form).toMatchObject({ name: 'Pro', description: 'Everything in Pro', 'metadata[planId]': 'plan-pro', 'metadata[trialDays]': '14' });
    const [monthly, quarterly, lifetime] = proxy.requests.slice(1).map((r) => r.form);
    expect(monthly).toMatchObject({ currency: 'usd', unit_amount: '999', nickname: 'Monthly', 'recurring[interval]': 'month', 'recurring[interval_count]': '1', 'metadata[pricingVariantId]': 'monthly' });
    expect(quarterly).toMatchObject({ unit_amount: '2700', 'recurring[interval]': 'month', 'recurring[interval_count]': '3' });
    expect(lifetime).toMatchObject({ unit_amount: '19900' });
    expect(Object.keys(lifetime).filter((key) => key.startsWith('recurring'))).toEqual([]);
  });

  it('checks given price ids and creates only the missing ones', async () => {
    await provider().connectPlan({ credentials, plan, given: { monthly: 'price_given1', quarterly: 'price_given3' } });
    expect(sent()).toEqual(['GET /v1/prices/price_given1', 'GET /v1/prices/price_given3', 'POST /v1/products', 'POST /v1/prices']);
    expect(last('POST', '/v1/prices')?.form).toMatchObject({ 'metadata[pricingVariantId]': 'lifetime' });
  });

  it('prices a zero-decimal currency in whole units', async () => {
    await provider().connectPlan({ credentials, plan: { ...plan, currency: 'JPY', pricingVariants: [{ ...plan.pricingVariants[0], priceCount: 500 }] }, given: {} });
    expect(last('POST', '/v1/prices')?.form).toMatchObject({ currency: 'jpy', unit_amount: '500' });
  });
});

describe('coupons', () => {
  const coupon: ProviderCoupon = {
    couponId: 'coupon-1',
    couponName: 'Launch week',
    platformCouponCode: 'LAUNCH20',
    discountType: 'percentage',
    discountAmount: 20,
    discountCurrency: 'usd',
    durationType: 'repeating',
    durationAmountInMonths: 3,
    maxRedemptions: 5,
    expires: '2031-01-31T00:00:00.000Z',
    appliesTo: ['price_a', 'price_b'],
  };

  it("creates the coupon for the prices' products and a promotion code with our code", async () => {
    const { platformCouponId } = await provider().createCoupon({ credentials, coupon });
    // The two prices are read at once, so they may arrive in either order.
    const [first, second, ...rest] = sent();
    expect([first, second].sort()).toEqual(['GET /v1/prices/price_a', 'GET /v1/prices/price_b']);
    expect(rest).toEqual(['POST /v1/coupons', 'POST /v1/promotion_codes']);
    const form = last('POST', '/v1/coupons')?.form ?? {};
    expect(form).toMatchObject({ name: 'Launch week', percent_off: '20', duration: 'repeating', duration_in_months: '3', max_redemptions: '5', redeem_by: String(Date.UTC(2031, 0, 31) / 1000), 'metadata[couponId]': 'coupon-1' });
    // Both fixture prices belong to one product: it is named once.
    expect(Object.keys(form).filter((key) => key.startsWith('applies_to[products]'))).toHaveLength(1);
    expect(last('POST', '/v1/promotion_codes')?.form).toEqual({ 'promotion[type]': 'coupon', 'promotion[coupon]': platformCouponId, code: 'LAUNCH20' });
  });

  it('sends a flat coupon used once as an amount in cents with its currency', async () => {
    await provider().createCoupon({ credentials, coupon: { ...coupon, discountType: 'flat', discountAmount: 5.5, durationType: 'once', maxRedemptions: undefined, expires: undefined, appliesTo: [] } });
    expect(sent()).toEqual(['POST /v1/coupons', 'POST /v1/promotion_codes']);
    const form = last('POST', '/v1/coupons')?.form ?? {};
    expect(form).toMatchObject({ amount_off: '550', currency: 'usd', duration: 'once' });
    expect(Object.keys(form).filter((key) => /percent_off|duration_in_months|max_redemptions|redeem_by|applies_to/.test(key))).toEqual([]);
  });

  it('deletes the coupon', async () => {
    await provider().deleteCoupon({ credentials, platformCouponId: 'co_launch' });
    expect(sent()).toEqual(['DELETE /v1/coupons/co_launch']);
  });
});

describe('subscriptions and charges', () => {
  it('cancels at once, with the job idempotency key', async () => {
    await provider().cancelSubscription({ credentials, platformSubscriptionId: 'sub_1', idempotencyKey: 'job-7' });
    expect(sent()).toEqual(['DELETE /v1/subscriptions/sub_1']);
    expect(proxy.requests[0].headers['idempotency-key']).toBe('job-7');
  });

  it("swaps the subscription item's price, prorated", async () => {
    await provider().changeSubscription({ credentials, platformSubscriptionId: 'sub_1', platformPlanId: 'price_next', idempotencyKey: 'job-8' });
    expect(sent()).toEqual(['GET /v1/subscriptions/sub_1', 'POST /v1/subscriptions/sub_1']);
    expect(proxy.requests[1].form).toEqual({ 'items[0][id]': expect.stringMatching(/^si_/), 'items[0][price]': 'price_next', proration_behavior: 'create_prorations' });
    expect(proxy.requests[1].headers['idempotency-key']).toBe('job-8');
  });

  it.each([
    ['in full, without an amount', undefined, { charge: 'ch_1' }],
    ['in part, in cents', 12.5, { charge: 'ch_1', amount: '1250' }],
  ])('refunds %s', async (_name, amount, form) => {
    await provider().refundCharge({ credentials, platformChargeId: 'ch_1', amount, currency: 'USD', idempotencyKey: 'job-9' });
    expect(sent()).toEqual(['POST /v1/refunds']);
    expect(proxy.requests[0].form).toEqual(form);
  });
});
