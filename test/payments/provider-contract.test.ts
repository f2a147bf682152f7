// The contract every payment adapter keeps, run against stripe (on stripe-mock) and paddle (on a
// local fake written from Paddle's API reference).
//
// stripe-mock is stateless: it answers fixture data for any well-formed id and keeps nothing, but it
// validates every request against Stripe's OpenAPI document and refuses unknown or ill-typed
// parameters. So against it these tests prove that each call's request was accepted by Stripe's
// schema with the parameters we send, and how errors map; what the provider then holds is proven
// on the paddle fake, which keeps state (see the 'paddle fake records' block).
import { paddleProvider } from '../../server/services/payments/providers/paddle';
import { ProviderError } from '../../server/services/payments/providers/port';
import type { PaymentProvider, ProviderCoupon, ProviderCredentials } from '../../server/services/payments/providers/port';
import { stripeProvider } from '../../server/services/payments/providers/stripe';
import { startPaddleFake } from '../fixtures/paddle-fake';
import type { PaddleFake } from '../fixtures/paddle-fake';
import { withStripeMock } from '../helpers/stripe-mock';
import { PROVIDER_PLAN } from '../helpers/payments';

const stripeMock = withStripeMock();
let paddle: PaddleFake;
beforeAll(async () => {
  paddle = await startPaddleFake();
});
afterAll(() => paddle.close());

const plan = PROVIDER_PLAN;

const coupon = (appliesTo: string[], overrides: Partial<ProviderCoupon> = {}): ProviderCoupon => ({
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
  appliesTo,
  ...overrides,
});

interface Subject {
  name: string;
  adapter: (input: { apiBase: string }) => PaymentProvider;
  apiBase: () => string;
  credentials: () => ProviderCredentials;
  badCredentials: ProviderCredentials;
  /** What a developer types when connecting the plan: nothing for stripe, which creates prices. */
  given: () => Record<string, string>;
  existingPriceId: () => string;
  unknownPriceId: string;
  subscriptionId: () => string;
  /** A charge of 20.00 USD. */
  chargeId: () => string;
}

const subjects: Subject[] = [
  {
    name: 'stripe on stripe-mock',
    adapter: stripeProvider,
    apiBase: () => stripeMock.url,
    credentials: () => ({ publishableKey: 'pk_test_contract', secretKey: 'sk_test_contract' }),
    // stripe-mock takes any well-formed test-mode secret key and refuses the rest.
    badCredentials: { publishableKey: 'pk_live_x', secretKey: 'not-a-key' },
    given: () => ({}),
    existingPriceId: () => 'price_1Existing',
    // stripe-mock finds every well-formed id; one it cannot route gives Stripe's 404 answer.
    unknownPriceId: 'price_unknown/gone',
    subscriptionId: () => 'sub_1Contract',
    chargeId: () => 'ch_1Contract',
  },
  {
    name: 'paddle on the fake',
    adapter: paddleProvider,
    apiBase: () => paddle.url,
    credentials: () => ({ vendorId: '1234', apiKey: paddle.apiKey, webhookSecret: 'pdl_ntfset_x' }),
    badCredentials: { vendorId: '1234', apiKey: 'pdl_sdbx_apikey_wrong', webhookSecret: 'x' },
    given: () => Object.fromEntries(plan.pricingVariants.map((v) => [v.id, paddle.addPrice({ amount: String(Math.round(v.priceCount * 100)), currency: 'USD' }).id])),
    existingPriceId: () => paddle.addPrice({ amount: '999', currency: 'USD', interval: 'month' }).id,
    unknownPriceId: 'pri_01unknownunknownunknown00',
    subscriptionId: () => paddle.addSubscription({ price: paddle.addPrice({ amount: '999', currency: 'USD', interval: 'month' }) }).id,
    chargeId: () => paddle.addTransaction({ totals: ['1500', '500'], currency: 'USD' }).id,
  },
];

const providerError = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(ProviderError);

describe.each(subjects)('$name', (subject) => {
  const provider = () => subject.adapter({ apiBase: subject.apiBase() });
  const call = () => ({ provider: provider(), credentials: subject.credentials() });

  it('connects a plan: one provider price id per pricing variant', async () => {
    const { provider, credentials } = call();
    const given = subject.given();
    const ids = await provider.connectPlan({ credentials, plan, given });
    // The ids the developer gave, or the ones the provider made (stripe creates every price here).
    expect(ids).toEqual(Object.fromEntries(plan.pricingVariants.map((v) => [v.id, given[v.id] ?? expect.stringMatching(/^price_\w+$/)])));
  });

  it('keeps a given price id it finds at the provider', async () => {
    const { provider, credentials } = call();
    const existing = subject.existingPriceId();
    const given = { ...subject.given(), monthly: existing };
    const ids = await provider.connectPlan({ credentials, plan, given });
    expect(ids.monthly).toBe(existing);
  });

  it('refuses a given price id the provider does not know', async () => {
    const { provider, credentials } = call();
    const given = { ...subject.given(), monthly: subject.unknownPriceId };
    const err = await provider.connectPlan({ credentials, plan, given }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ platform: provider.platform, status: 404, permanent: true });
  });

  it.each([
    ['a percentage coupon for some months', {}],
    ['a flat coupon used once', { discountType: 'flat', discountAmount: 5.5, durationType: 'once', durationAmountInMonths: undefined }],
    ['a coupon for ever without limits', { durationType: 'forever', maxRedemptions: undefined, expires: undefined }],
  ] as [string, Partial<ProviderCoupon>][])('creates and deletes %s', async (_name, overrides) => {
    const { provider, credentials } = call();
    const { platformCouponId } = await provider.createCoupon({ credentials, coupon: coupon([subject.existingPriceId()], overrides) });
    expect(platformCouponId).toEqual(expect.any(String));
    await expect(provider.deleteCoupon({ credentials, platformCouponId })).resolves.toBeUndefined();
  });

  it('cancels a subscription', async () => {
    const { provider, credentials } = call();
    await expect(provider.cancelSubscription({ credentials, platformSubscriptionId: subject.subscriptionId(), idempotencyKey: 'job-cancel-1' })).resolves.toBeUndefined();
  });

  it('changes a subscription to another price', async () => {
    const { provider, credentials } = call();
    const platformPlanId = subject.existingPriceId();
    await expect(provider.changeSubscription({ credentials, platformSubscriptionId: subject.subscriptionId(), platformPlanId, idempotencyKey: 'job-change-1' })).resolves.toBeUndefined();
  });

  it.each([
    ['in full', undefined],
    ['in part', 12.5],
  ])('refunds a charge %s', async (_name, amount) => {
    const { provider, credentials } = call();
    await expect(provider.refundCharge({ credentials, platformChargeId: subject.chargeId(), amount, currency: 'USD', idempotencyKey: `job-refund-${String(amount)}` })).resolves.toBeUndefined();
  });

  it('answers a ProviderError, worth retrying, for credentials the provider refuses', async () => {
    const adapter = provider();
    const credentials = subject.badCredentials;
    const err = await adapter.connectPlan({ credentials, plan, given: { ...subject.given(), monthly: subject.existingPriceId() } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ platform: adapter.platform, permanent: false });
    await providerError(adapter.cancelSubscription({ credentials, platformSubscriptionId: subject.subscriptionId() }));
    await providerError(adapter.refundCharge({ credentials, platformChargeId: subject.chargeId(), currency: 'USD' }));
  });

  it('answers a ProviderError when the provider cannot be reached', async () => {
    // Port 9 (discard) has no listener here: the connection is refused.
    const unreachable = subject.adapter({ apiBase: 'http://127.0.0.1:9' });
    const err = await unreachable.cancelSubscription({ credentials: subject.credentials(), platformSubscriptionId: 'sub_1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ permanent: false });
  });
});

describe('paddle fake records', () => {
  const provider = () => paddleProvider({ apiBase: paddle.url });
  const credentials = () => ({ vendorId: '1234', apiKey: paddle.apiKey, webhookSecret: 'x' });

  it('needs a Paddle price id for every pricing variant', async () => {
    const given = { monthly: paddle.addPrice({ amount: '999', currency: 'USD' }).id };
    await expect(provider().connectPlan({ credentials: credentials(), plan, given })).rejects.toMatchObject({ permanent: true });
  });

  it('refuses an archived Paddle price', async () => {
    const archived = paddle.addPrice({ amount: '999', currency: 'USD' });
    archived.status = 'archived';
    const given = { ...Object.fromEntries(plan.pricingVariants.map((v) => [v.id, paddle.addPrice({ amount: '100', currency: 'USD' }).id])), monthly: archived.id };
    await expect(provider().connectPlan({ credentials: credentials(), plan, given })).rejects.toMatchObject({ permanent: true, message: `Paddle price ${archived.id} is archived` });
  });

  it('creates the discount with the coupon code, amounts in the currency minor unit, and archives it on delete', async () => {
    const price = paddle.addPrice({ amount: '999', currency: 'USD' });
    const flat = coupon([price.id], { discountType: 'flat', discountAmount: 5.5, platformCouponCode: 'FLAT55' });
    const { platformCouponId } = await provider().createCoupon({ credentials: credentials(), coupon: flat });
    expect(paddle.discounts.get(platformCouponId)).toMatchObject({
      code: 'FLAT55',
      type: 'flat',
      amount: '550',
      currency_code: 'USD',
      recur: true,
      maximum_recurring_intervals: 3,
      usage_limit: 5,
      restrict_to: [price.id],
      expires_at: '2031-01-31T00:00:00.000Z',
      status: 'active',
    });
    await provider().deleteCoupon({ credentials: credentials(), platformCouponId });
    expect(paddle.discounts.get(platformCouponId)?.status).toBe('archived');
  });

  it('cancels at once and swaps the plan with proration', async () => {
    const subscription = paddle.addSubscription({ price: paddle.addPrice({ amount: '999', currency: 'USD' }) });
    const next = paddle.addPrice({ amount: '2999', currency: 'USD' });
    await provider().changeSubscription({ credentials: credentials(), platformSubscriptionId: subscription.id, platformPlanId: next.id });
    expect(subscription.items.map((item) => item.price.id)).toEqual([next.id]);
    await provider().cancelSubscription({ credentials: credentials(), platformSubscriptionId: subscription.id });
    expect(subscription.status).toBe('canceled');
    await expect(provider().cancelSubscription({ credentials: credentials(), platformSubscriptionId: subscription.id })).rejects.toMatchObject({ status: 400, permanent: true });
  });

  it.each([
    ['a full refund adjusts the grand total', undefined, 'full', [{ amount: '1500' }, { amount: '500' }]],
    ['a partial refund within the first item', 12.5, 'partial', [{ type: 'partial', amount: '1250' }]],
    ['a partial refund spread over the items', 17.25, 'partial', [{ type: 'full' }, { type: 'partial', amount: '225' }]],
  ] as [string, number | undefined, string, object[]][])('%s', async (_name, amount, type, items) => {
    const transaction = paddle.addTransaction({ totals: ['1500', '500'], currency: 'USD' });
    await provider().refundCharge({ credentials: credentials(), platformChargeId: transaction.id, amount, currency: 'USD' });
    expect(paddle.adjustments.at(-1)).toMatchObject({ action: 'refund', transaction_id: transaction.id, type, items: items.map((item) => expect.objectContaining(item)) });
  });

  it('refuses a second refund while Paddle has not approved the first, worth retrying later', async () => {
    const transaction = paddle.addTransaction({ totals: ['1500'], currency: 'USD' });
    const refund = () => provider().refundCharge({ credentials: credentials(), platformChargeId: transaction.id, amount: 5, currency: 'USD' });
    await refund();
    await expect(refund()).rejects.toMatchObject({ status: 400, permanent: false });
    paddle.approveRefunds();
    await expect(refund()).resolves.toBeUndefined();
  });

  it('refunds in part again from what earlier refunds left, and no more', async () => {
    const transaction = paddle.addTransaction({ totals: ['1500', '500'], currency: 'USD' });
    await provider().refundCharge({ credentials: credentials(), platformChargeId: transaction.id, amount: 12, currency: 'USD' });
    paddle.approveRefunds();
    await provider().refundCharge({ credentials: credentials(), platformChargeId: transaction.id, amount: 5, currency: 'USD' });
    const [first, second] = transaction.details.line_items;
    expect(paddle.adjustments.at(-1)).toMatchObject({ items: [{ item_id: first.id, type: 'full', amount: '300' }, { item_id: second.id, type: 'partial', amount: '200' }] });
    paddle.approveRefunds();
    await expect(provider().refundCharge({ credentials: credentials(), platformChargeId: transaction.id, amount: 3.01, currency: 'USD' })).rejects.toMatchObject({ permanent: true });
  });

  it('refuses a refund above what the charge was', async () => {
    const transaction = paddle.addTransaction({ totals: ['1500'], currency: 'USD' });
    await expect(provider().refundCharge({ credentials: credentials(), platformChargeId: transaction.id, amount: 20, currency: 'USD' })).rejects.toMatchObject({ permanent: true });
  });
});
