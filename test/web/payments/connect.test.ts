import { connectBlock, planIdsError, pricingToPlanMap } from '../../../web/src/pages/developer/payments/lib/connect';
import { activeProviders, COUPON_PROVIDERS, PLAN_PROVIDERS } from '../../../web/src/pages/developer/payments/lib/providers';
import type { Integration } from '../../../generated/client/types.gen';

describe('connect block', () => {
  it.each([
    [{ providers: 0, prices: 0, dirty: true }, 'You need to add a payment integration before you connect a provider.'],
    [{ providers: 1, prices: 0, dirty: true }, 'You need to add at least one price to your plan.'],
    [{ providers: 1, prices: 2, dirty: true }, 'You made changes to the plan. Please save the plan before connecting a provider.'],
    [{ providers: 1, prices: 2, dirty: false }, undefined],
  ])('%p blocks with %p', (state, message) => {
    expect(connectBlock(state)).toBe(message);
  });

  const variants = [{ id: 'monthly' }, { id: 'yearly' }];

  it.each(['paddle', 'duda', 'wix'])('asks %s for a plan id for every price', (platform) => {
    expect(planIdsError({ platform, variants, map: { monthly: 'pri_1' } })).toBe('Please add a plan ID for each pricing plan you defined.');
    expect(planIdsError({ platform, variants, map: { monthly: 'pri_1', yearly: 'pri_2' } })).toBeUndefined();
  });

  it('lets stripe create the plans it is not given', () => {
    expect(planIdsError({ platform: 'stripe', variants, map: {} })).toBeUndefined();
  });

  it('sends typed plan ids trimmed, and no blank ones', () => {
    expect(pricingToPlanMap({ monthly: '  pri_1 ', yearly: '   ' })).toEqual({ monthly: 'pri_1' });
  });
});

describe('payment providers of an app', () => {
  const integration = (platform: string, isActive: boolean): Integration =>
    ({ platform, isActive, useSystemIntegration: false, platformAppKeys: {}, connected: isActive, created: '', updated: '' }) as Integration;
  const integrations = [integration('wix', true), integration('paddle', false), integration('shopify', true), integration('stripe', true)];

  it('offers the active integrations among the providers the spec names', () => {
    expect(activeProviders({ integrations, among: PLAN_PROVIDERS })).toEqual(['stripe', 'wix']);
  });

  it('offers coupons only at paddle and stripe', () => {
    expect(activeProviders({ integrations, among: COUPON_PROVIDERS })).toEqual(['stripe']);
  });
});
