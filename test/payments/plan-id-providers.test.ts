// duda and wix bill in their own stores: a plan only maps pricing variants to their plan ids, and
// every other call is a permanent ProviderError, so job queues fail it instead of retrying.
import { planIdProvider } from '../../server/services/payments/providers/plan-ids';
import { ProviderError } from '../../server/services/payments/providers/port';
import type { PaymentProvider } from '../../server/services/payments/providers/port';
import { PROVIDER_PLAN } from '../helpers/payments';

const plan = PROVIDER_PLAN;

const credentials = {};

const calls: [string, (provider: PaymentProvider) => Promise<unknown>][] = [
  ['createCoupon', (p) => p.createCoupon({ credentials, coupon: { couponId: 'c', couponName: 'C', platformCouponCode: 'CODE', discountType: 'percentage', discountAmount: 10, discountCurrency: 'usd', durationType: 'forever', appliesTo: [] } })],
  ['deleteCoupon', (p) => p.deleteCoupon({ credentials, platformCouponId: 'c' })],
  ['cancelSubscription', (p) => p.cancelSubscription({ credentials, platformSubscriptionId: 's' })],
  ['changeSubscription', (p) => p.changeSubscription({ credentials, platformSubscriptionId: 's', platformPlanId: 'p' })],
  ['refundCharge', (p) => p.refundCharge({ credentials, platformChargeId: 'ch', currency: 'USD' })],
];

describe.each([
  ['duda', 'Duda'],
  ['wix', 'Wix'],
])('%s', (platform, displayName) => {
  const provider = planIdProvider({ platform, displayName });

  it('asks for a plan id per pricing variant', () => {
    expect(provider).toMatchObject({ platform, needsPlanIds: true });
  });

  it('connects a plan to the plan ids the developer gave, trimmed', async () => {
    await expect(provider.connectPlan({ credentials, plan, given: { monthly: ' m-1 ', quarterly: 'q-1', lifetime: 'l-1' } })).resolves.toEqual({ monthly: 'm-1', quarterly: 'q-1', lifetime: 'l-1' });
  });

  it.each([
    ['one is missing', { monthly: 'm-1', quarterly: 'q-1' }],
    ['one is blank', { monthly: 'm-1', quarterly: '  ', lifetime: 'l-1' }],
  ])('refuses to connect when %s', async (_name, given) => {
    await expect(provider.connectPlan({ credentials, plan, given })).rejects.toMatchObject({ platform, permanent: true });
  });

  it.each(calls)('%s is a permanent ProviderError saying the platform bills in its own store', async (_name, call) => {
    const err = await call(provider).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ platform, permanent: true, message: expect.stringContaining(`${displayName} bills in its own store`) });
  });
});
