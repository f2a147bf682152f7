// The subscription lifecycle's calls (spec 002 sections 4, 5, 7 and 8) over the sandbox card
// provider: buy, 3-D Secure, trial, idempotent double submits, change plan with its refusals and
// proration, cancel by every path, renew.
import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES } from '../../rules/billing-messages';
import { payments, subscriptions } from '../../server/services/billing/model';
import { answerThreeDSecure } from '../../server/services/billing/providers/sandbox/sandbox';
import { widgets } from '../../server/services/workspace/model';
import { mailsTo, signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { withTestApp } from '../helpers/test-app';
import { BILLING_FORM, CARDS, cardToken, purchase } from './checkout-fixture';
import { userIdOf } from './subscription-fixture';

const DAY = 24 * 60 * 60 * 1000;

describe('subscription lifecycle', () => {
  const t = withTestApp({ scope: 'file' });
  let agent: Agent;
  let email: string;
  beforeEach(async () => {
    email = `buyer-${randomUUID().slice(0, 8)}@billing.test`;
    agent = await signedInUser({ t, email });
  });
  /** Buys with a sandbox test card and expects `status`; the answer's body. */
  const buy = async ({ planId, period = 'year', number = CARDS.good }: { planId: string; period?: 'month' | 'year'; number?: string }, status = 200) => {
    const res = await agent.post('/api/bluesnap/subscription?serviceName=nindo').send(purchase({ token: await cardToken({ t, agent, number }), planId, period }));
    expect(res.status).toBe(status);
    return res.body;
  };
  const paymentsOf = async (subscriptionId: string) => payments(t.ctx).find({ subscriptionId });

  it('buys a yearly plan with a good card: active for a year, the first payment recorded', async () => {
    const res = await buy({ planId: 'bundle-pro' });
    const { subscription, transactionId } = res.data;
    expect(res.message).toBe(BILLING_MESSAGES.created);
    expect(subscription).toMatchObject({ status: 'active', isActive: true, source: 'bluesnap', planId: 'bundle-pro', planPricingVariantId: 'bundle-pro-year', plan: { period: 'year' } });
    expect(new Date(subscription.currentPeriodEnd).getTime() - new Date(subscription.currentPeriodStart).getTime()).toBeGreaterThanOrEqual(365 * DAY);
    expect((await paymentsOf(subscription.subscriptionId)).map((p) => [p.transactionId, p.amount])).toEqual([[transactionId, subscription.plan.amount]]);
    const listed = await agent.get('/nindo/api/getUserSubscriptions').expect(200);
    expect(listed.body.data.map((s: { subscriptionId: string }) => s.subscriptionId)).toEqual([subscription.subscriptionId]);
  });

  it.each([
    ['an unknown US state', { country: 'US', state: 'Atlantis' }, 'state', BILLING_MESSAGES.stateInvalid],
    ['a Canadian state of the US', { country: 'CA', state: 'Texas' }, 'state', BILLING_MESSAGES.stateInvalid],
    ['a missing state (spec 002 section 5: required)', { country: 'GB', state: undefined }, 'state', 'State is required'],
    ['an empty state', { country: 'US', state: '' }, 'state', 'State is required'],
    ['an unknown country', { country: 'QQ', state: 'Nowhere' }, 'country', 'Country field is invalid.'],
  ])('refuses %s with the field message', async (_case, address, field, message) => {
    const body = { ...purchase({ token: await cardToken({ t, agent }), planId: 'bundle-pro' }), ...address };
    const res = await agent.post('/api/bluesnap/subscription').send(body).expect(400);
    expect(res.body).toMatchObject({ message, fieldErrors: { [field]: message } });
  });

  it('stores a US state given by name in any case as its code', async () => {
    const body = { ...purchase({ token: await cardToken({ t, agent }), planId: 'bundle-pro' }), state: 'new YORK' };
    const { subscriptionId } = (await agent.post('/api/bluesnap/subscription').send(body).expect(200)).body.data.subscription;
    expect((await subscriptions(t.ctx).findOne({ _id: subscriptionId }))?.billingDetails).toMatchObject({ country: 'US', state: 'NY' });
  });

  it('answers a declined card with 402 and keeps no subscription', async () => {
    const res = await buy({ planId: 'bundle-pro', number: CARDS.declined }, 402);
    expect(res.message).toBe('Your card was declined.');
    expect(await subscriptions(t.ctx).count({ userId: await userIdOf({ ctx: t.ctx, email }) })).toBe(0);
  });

  it('finishes a 3-D Secure purchase only after the challenge is passed', async () => {
    const started = await buy({ planId: 'bundle-pro', number: CARDS.threeDSecure }, 202);
    const { subscription, actionUrl, transactionId } = started.data;
    expect(subscription.status).toBe('incomplete');
    expect(actionUrl).toBe(`/hosted/3ds/${transactionId}`);
    await agent.post(`/nindo/api/confirmSubscription/${subscription.subscriptionId}`).expect(409);
    expect((await agent.get('/nindo/api/getUserSubscriptions').expect(200)).body.data).toEqual([]);
    await answerThreeDSecure({ ctx: t.ctx, transactionId, authenticated: true });
    const confirmed = await agent.post(`/nindo/api/confirmSubscription/${subscription.subscriptionId}`).expect(200);
    expect(confirmed.body.data.subscription.status).toBe('active');
    await agent.post(`/nindo/api/confirmSubscription/${subscription.subscriptionId}`).expect(200);
    expect(await paymentsOf(subscription.subscriptionId)).toHaveLength(1);
  });

  it('starts a trial plan without charging and refuses its plan change with the trial message', async () => {
    const { subscription } = (await buy({ planId: 'bracketsninja-pro', period: 'month' })).data;
    expect(subscription.status).toBe('trial');
    expect(new Date(subscription.currentPeriodEnd).getTime() - new Date(subscription.currentPeriodStart).getTime()).toBe(7 * DAY);
    expect(await paymentsOf(subscription.subscriptionId)).toEqual([]);
    const res = await agent.post(`/api/bluesnap/changePlan/${subscription.subscriptionId}`).send({ newPlanId: 'bracketsninja-pro', newSubscriptionTypeId: 'bracketsninja-pro-year' }).expect(409);
    expect(res.body.message).toBe(BILLING_MESSAGES.trialChange);
  });

  it('charges a double submit once, whether the repeat is concurrent or later', async () => {
    const body = purchase({ token: await cardToken({ t, agent }), planId: 'bundle-pro' });
    const send = () => agent.post('/api/bluesnap/subscription').set('Idempotency-Key', 'checkout-1').send(body);
    const answers = await Promise.all([send(), send(), send()]);
    const later = await send();
    const statuses = [...answers, later].map((res) => res.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const userId = await userIdOf({ ctx: t.ctx, email });
    expect(await subscriptions(t.ctx).count({ userId })).toBe(1);
    expect(await payments(t.ctx).count({ userId })).toBe(1);
    expect(later.body.data.subscription.subscriptionId).toBe(answers.find((res) => res.status === 200)?.body.data.subscription.subscriptionId);
  });

  it('charges a double submit without a key once too (the key follows from the card token)', async () => {
    const body = purchase({ token: await cardToken({ t, agent }), planId: 'bundle-pro' });
    await Promise.all([agent.post('/api/bluesnap/subscription').send(body), agent.post('/api/bluesnap/subscription').send(body)]);
    expect(await payments(t.ctx).count({ userId: await userIdOf({ ctx: t.ctx, email }) })).toBe(1);
  });

  describe('change plan', () => {
    const change = (subscriptionId: string, newPlanId: string, period: 'month' | 'year') =>
      agent.post(`/api/bluesnap/changePlan/${subscriptionId}`).send({ newPlanId, newSubscriptionTypeId: `${newPlanId}-${period}` });

    it('upgrades by charging the new price less the unused credit and starting a new period', async () => {
      const { subscription } = (await buy({ planId: 'widgets_bundle-essentials', period: 'month' })).data;
      t.advance(10 * DAY);
      const res = await change(subscription.subscriptionId, 'widgets_bundle-pro', 'year').expect(200);
      expect(res.body.message).toBe(BILLING_MESSAGES.updated);
      expect(res.body.data).toMatchObject({ planId: 'widgets_bundle-pro', planPricingVariantId: 'widgets_bundle-pro-year', currentPeriodStart: t.ctx.now().toISOString() });
      const paid = (await paymentsOf(subscription.subscriptionId)).map((p) => p.amount).sort((a, b) => a - b);
      const monthLength = new Date(subscription.currentPeriodEnd).getTime() - new Date(subscription.currentPeriodStart).getTime();
      const credit = Math.round((subscription.plan.amount * (monthLength - 10 * DAY) * 100) / monthLength) / 100;
      expect(paid).toEqual([subscription.plan.amount, Math.round((res.body.data.plan.amount - credit) * 100) / 100].sort((a, b) => a - b));
    });

    it('charges a doubly submitted upgrade once', async () => {
      const { subscription } = (await buy({ planId: 'widgets_bundle-essentials', period: 'month' })).data;
      const send = () =>
        agent
          .post(`/api/bluesnap/changePlan/${subscription.subscriptionId}`)
          .set('Idempotency-Key', 'upgrade-1')
          .send({ newPlanId: 'widgets_bundle-pro', newSubscriptionTypeId: 'widgets_bundle-pro-year' });
      const statuses = (await Promise.all([send(), send()])).map((res) => res.status);
      expect(statuses).toContain(200);
      expect((await send()).status).toBe(200);
      expect(await paymentsOf(subscription.subscriptionId)).toHaveLength(2);
    });

    it('downgrades without charging and keeps the paid period', async () => {
      const { subscription } = (await buy({ planId: 'widgets_bundle-pro', period: 'year' })).data;
      const res = await change(subscription.subscriptionId, 'widgets_bundle-essentials', 'month').expect(200);
      expect(res.body.data).toMatchObject({ planId: 'widgets_bundle-essentials', currentPeriodEnd: subscription.currentPeriodEnd, plan: { period: 'month' } });
      expect(await paymentsOf(subscription.subscriptionId)).toHaveLength(1);
    });

    it('refuses the free plan with the dashboard message', async () => {
      const { subscription } = (await buy({ planId: 'widgets_bundle-pro' })).data;
      const res = await change(subscription.subscriptionId, 'widgets_bundle-free', 'month').expect(400);
      expect(res.body.message).toBe(BILLING_MESSAGES.freePlanChange);
    });

    it("refuses a plan with fewer widgets than the user has, with 'less widgets' in the message", async () => {
      const { subscription } = (await buy({ planId: 'widgets_bundle-pro' })).data;
      const ownerId = await userIdOf({ ctx: t.ctx, email });
      const now = t.ctx.now().toISOString();
      for (let i = 0; i < 6; i += 1) {
        await widgets(t.ctx).insertOne({ _id: randomUUID(), ownerId, projectId: null, name: `w${i}`, type: 'poll', settings: {}, views: 0, created: now, updated: now });
      }
      const res = await change(subscription.subscriptionId, 'widgets_bundle-essentials', 'year').expect(400);
      expect(res.body.message).toContain('less widgets');
    });

    it('answers 404 when the path names another source or plan family', async () => {
      const { subscription } = (await buy({ planId: 'widgets_bundle-essentials' })).data;
      await agent.post(`/api/paypal/changePlan/${subscription.subscriptionId}`).send({ newPlanId: 'widgets_bundle-pro', newSubscriptionTypeId: 'widgets_bundle-pro-year' }).expect(404);
      await agent.post('/nindo/api/updateSubscription/bundle').send({ subscriptionId: subscription.subscriptionId, planId: 'widgets_bundle-pro', pricingVariantId: 'widgets_bundle-pro-year' }).expect(404);
      await agent.post('/nindo/api/updateSubscription/widgets_bundle').send({ subscriptionId: subscription.subscriptionId, planId: 'widgets_bundle-pro', pricingVariantId: 'widgets_bundle-pro-year' }).expect(200);
      await agent.post(`/api/bluesnap/v/shopify/changePlan/${subscription.subscriptionId}`).send({ newPlanId: 'widgets_bundle-ultimate', newSubscriptionTypeId: 'widgets_bundle-ultimate-year' }).expect(200);
    });
  });

  describe('cancel and renew', () => {
    it.each([
      ['the card path', (id: string) => ['/api/bluesnap/cancelSubscription/' + id, undefined] as const],
      ['the plan-family path', (id: string) => ['/nindo/api/cancelSubscription/bundle', { subscriptionId: id }] as const],
    ])('cancels through %s: cancelled, the card forgotten, a feedback link mailed', async (_path, call) => {
      const { subscription } = (await buy({ planId: 'bundle-pro' })).data;
      const [url, body] = call(subscription.subscriptionId);
      const res = await agent.post(url).send(body).expect(200);
      expect(res.body).toMatchObject({ message: BILLING_MESSAGES.cancelled, data: { status: 'cancelled', isActive: false } });
      const mails = await mailsTo({ ctx: t.ctx, to: email });
      expect(mails.map((mail) => mail.text).join('\n')).toContain('/feedback?token=');
      await agent.post(url).send(body).expect(409);
    });

    it('refuses to cancel through the path of another source', async () => {
      const { subscription } = (await buy({ planId: 'bundle-pro' })).data;
      await agent.post(`/api/paypal/cancelSubscription/${subscription.subscriptionId}`).expect(404);
    });

    it('renews a cancelled subscription only with a new card, then it is active with a new payment', async () => {
      const { subscription } = (await buy({ planId: 'bundle-pro', period: 'month' })).data;
      await agent.post(`/api/bluesnap/cancelSubscription/${subscription.subscriptionId}`).expect(200);
      const refused = await agent.post(`/nindo/api/renewSubscription/${subscription.subscriptionId}`).send({}).expect(409);
      expect(refused.body.message).toBe('Please enter a card to renew this subscription.');
      const res = await agent.post(`/nindo/api/renewSubscription/${subscription.subscriptionId}`).send({ token: await cardToken({ t, agent }) }).expect(200);
      expect(res.body.data).toMatchObject({ status: 'active', isActive: true });
      expect(await paymentsOf(subscription.subscriptionId)).toHaveLength(2);
      await agent.post(`/nindo/api/renewSubscription/${subscription.subscriptionId}`).send({}).expect(409);
    });

    it('renews a past_due subscription on its saved card, once for a repeated key', async () => {
      const { subscription } = (await buy({ planId: 'bundle-pro', period: 'month' })).data;
      await subscriptions(t.ctx).updateOne({ _id: subscription.subscriptionId }, { $set: { status: 'past_due' } });
      const renew = () => agent.post(`/nindo/api/renewSubscription/${subscription.subscriptionId}`).set('Idempotency-Key', 'renew-1');
      await renew().expect(200);
      await renew().expect(200);
      expect(await paymentsOf(subscription.subscriptionId)).toHaveLength(2);
    });
  });

  it('renews once when two tabs race with different keys', async () => {
    const { subscription } = (await buy({ planId: 'bundle-pro', period: 'month' })).data;
    await subscriptions(t.ctx).updateOne({ _id: subscription.subscriptionId }, { $set: { status: 'past_due' } });
    const renew = (key: string) => agent.post(`/nindo/api/renewSubscription/${subscription.subscriptionId}`).set('Idempotency-Key', key);
    const statuses = (await Promise.all([renew('tab-1'), renew('tab-2')])).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await paymentsOf(subscription.subscriptionId)).toHaveLength(2);
  });

  it('refuses a second live subscription of the same plan family and service', async () => {
    await buy({ planId: 'bundle-pro' });
    await buy({ planId: 'bundle-basic' }, 409);
  });

  it('takes any state outside the US and Canada, unmatched against a list', async () => {
    const body = { ...purchase({ token: await cardToken({ t, agent }), planId: 'bundle-pro' }), ...BILLING_FORM, country: 'DE', state: 'Bayern' };
    await agent.post('/api/bluesnap/subscription').send(body).expect(200);
  });
});
