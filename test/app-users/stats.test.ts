import { withTestApp } from '../helpers/test-app';
import { appUsers, charges, subscriptions } from '../../server/services/developer/model';
import type { ChargeDoc, SubscriptionDoc } from '../../server/services/developer/model';
import { monthlyAmount } from '../../server/services/app-users/mrr';
import type { PricingVariant } from '../../generated/client/types.gen';
import { appUser, ownerWithApp, plan, usersPath, variant } from './fixtures';
import type { Owner } from './fixtures';

describe('monthly amount of one price', () => {
  it.each([
    ['10 a month', variant('m', 10, 'month'), 10],
    ['120 a year', variant('y', 120, 'year'), 10],
    ['30 every 3 months', variant('q', 30, 'month', 3), 10],
    ['240 every 2 years', variant('2y', 240, 'year', 2), 10],
    ['12 a week', variant('w', 12, 'week'), 52],
    ['24 every 2 weeks', variant('2w', 24, 'week', 2), 52],
    ['1 a day', variant('d', 1, 'day'), 365 / 12],
    ['99 once', variant('once', 99, 'one-time'), 0],
  ] as [string, PricingVariant, number][])('%s is %d a month', (_name, price, expected) => {
    expect(monthlyAmount(price)).toBeCloseTo(expected, 10);
  });
});

describe('a user\'s stats', () => {
  const t = withTestApp({ scope: 'file' });
  let owner: Owner;
  const userId = (appId: string): string => `${appId}-user-1`;

  const sub = (appId: string, id: string, planId: string, planPricingVariantId: string | undefined, status: string): SubscriptionDoc => ({
    _id: id, appId, appUserId: userId(appId), planId, ...(planPricingVariantId ? { planPricingVariantId } : {}), platform: 'stripe', platformSubscriptionId: id, status, created: '2026-02-01T00:00:00.000Z',
  });
  const charge = (appId: string, id: string, amount: number, status: string, refundedAmount?: number): ChargeDoc => ({
    _id: id, appId, appUserId: userId(appId), amount, currency: 'EUR', platform: 'stripe', platformChargeId: id, status, ...(refundedAmount ? { refundedAmount } : {}), created: `2026-02-0${id.length % 9 + 1}T00:00:00.000Z`,
  });

  beforeAll(async () => {
    owner = await ownerWithApp({ t });
    const { appId } = owner;
    await appUsers(t.ctx).insertOne(appUser({ appId, n: 1 }));
    await plan({ ctx: t.ctx, appId, planId: 'pro', currency: 'EUR', variants: [variant('monthly', 30, 'month'), variant('yearly', 300, 'year'), variant('lifetime', 500, 'one-time')] });
    await plan({ ctx: t.ctx, appId, planId: 'weekly', currency: 'EUR', variants: [variant('w', 6, 'week')] });
    await subscriptions(t.ctx).insertMany([
      sub(appId, 's-yearly', 'pro', 'yearly', 'active'),
      sub(appId, 's-weekly-default', 'weekly', undefined, 'trialing'),
      sub(appId, 's-lifetime', 'pro', 'lifetime', 'active'),
      sub(appId, 's-cancelled', 'pro', 'monthly', 'canceled'),
      sub(appId, 's-unknown-plan', 'gone', 'monthly', 'active'),
    ]);
    await charges(t.ctx).insertMany([
      charge(appId, 'c1', 30, 'succeeded'),
      charge(appId, 'c22', 30, 'partially_refunded', 10.5),
      charge(appId, 'c333', 30, 'refunded', 30),
      charge(appId, 'c4444', 30, 'failed'),
    ]);
  });

  it('sums what was paid net of refunds and the MRR of live subscriptions', async () => {
    const res = await owner.agent.get(usersPath(owner.appId, `/${userId(owner.appId)}/stats`)).expect(200);
    // 300/12 (yearly) + 6*52/12 (weekly, its first recurring variant); one-time, cancelled and unknown plans count 0.
    expect(res.body.data).toEqual({ totalCharges: 49.5, mrr: 51, currency: 'EUR' });
  });

  it('answers zeros in USD for a user without charges or subscriptions', async () => {
    await appUsers(t.ctx).insertOne(appUser({ appId: owner.appId, n: 2 }));
    const res = await owner.agent.get(usersPath(owner.appId, `/${owner.appId}-user-2/stats`)).expect(200);
    expect(res.body.data).toEqual({ totalCharges: 0, mrr: 0, currency: 'USD' });
  });

  it('lists subscriptions and charges five at a time, newest first', async () => {
    const subs = await owner.agent.get(usersPath(owner.appId, `/${userId(owner.appId)}/subscription`)).expect(200);
    expect(subs.body.data).toMatchObject({ total: 5, limit: 5, pages: 1 });
    const list = await owner.agent.get(usersPath(owner.appId, `/${userId(owner.appId)}/charges`)).query({ query: JSON.stringify({ status: { $ne: 'failed' } }) }).expect(200);
    expect(list.body.data.docs.map((c: { id: string }) => c.id)).toEqual(['c333', 'c22', 'c1']);
    expect(list.body.data.docs.map((c: { refundableAmount: number }) => c.refundableAmount)).toEqual([0, 19.5, 30]);
  });

  it('keeps the dashboard totals to money kept and live subscriptions', async () => {
    const res = await owner.agent.get(`/integrations/developer/apps/${owner.appId}/analytics/total`).expect(200);
    expect(res.body.data).toMatchObject({ subscriptions: 4, revenue: 49.5 });
    const revenue = await owner.agent.get(`/integrations/developer/apps/${owner.appId}/analytics/revenue`).query({ from: '2026-01-01', to: '2026-12-31' }).expect(200);
    expect(revenue.body.data.map((r: { amount: number }) => r.amount).sort()).toEqual([19.5, 30]);
  });
});
