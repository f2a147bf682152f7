// Buying and cancelling through PayPal (POST /api/paypal/subscription with the approved vault
// setup token) against the local PayPal fake.
import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES } from '../../rules/billing-messages';
import type { BillingConfig } from '../../server/config';
import { payments } from '../../server/services/billing/model';
import { signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { startPayPalFake } from '../helpers/paypal-fake';
import type { PayPalFake, PayPalFunding } from '../helpers/paypal-fake';
import { withTestApp } from '../helpers/test-app';
import { BILLING_FORM } from './checkout-fixture';

describe('PayPal subscriptions', () => {
  // The fake's address is known only once it listens: the app reads these keys at each call.
  const paypal = { clientId: '', clientSecret: '', apiBase: '', webhookId: '' };
  const billing: BillingConfig = { cardProvider: 'sandbox', paypal };
  const t = withTestApp({ scope: 'file', config: { billing } });
  let fake: PayPalFake;
  let agent: Agent;
  beforeAll(async () => {
    fake = await startPayPalFake();
    Object.assign(paypal, { clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url, webhookId: fake.webhookId });
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    agent = await signedInUser({ t, email: `paypal-${randomUUID().slice(0, 8)}@billing.test` });
  });

  const approvedToken = async (funding: PayPalFunding = 'ok'): Promise<string> => {
    const setupTokenId = (await agent.get('/api/paypal/getToken').expect(200)).body.data.token as string;
    fake.approve({ setupTokenId, funding });
    return setupTokenId;
  };
  const buy = async (funding?: PayPalFunding) =>
    agent.post('/api/paypal/subscription?serviceName=nindo').send({ ...BILLING_FORM, subscriptionId: await approvedToken(funding), planId: 'bundle-pro', subscriptionTypeId: 'bundle-pro-month' });

  it('buys with an approved PayPal account, records the payment and cancels through the PayPal path', async () => {
    const res = await buy();
    expect(res.status).toBe(200);
    const { subscription, transactionId } = res.body.data;
    expect(subscription).toMatchObject({ status: 'active', source: 'paypal', plan: { period: 'month' } });
    expect((await payments(t.ctx).find({ subscriptionId: subscription.subscriptionId })).map((p) => p.transactionId)).toEqual([transactionId]);
    await agent.post(`/api/bluesnap/cancelSubscription/${subscription.subscriptionId}`).expect(404);
    const cancelled = await agent.post(`/api/paypal/cancelSubscription/${subscription.subscriptionId}`).expect(200);
    expect(cancelled.body).toMatchObject({ message: BILLING_MESSAGES.cancelled, data: { status: 'cancelled' } });
  });

  it('answers a declined PayPal funding source with 402 and no subscription', async () => {
    const res = await buy('declined');
    expect(res.status).toBe(402);
    expect((await agent.get('/nindo/api/getUserSubscriptions').expect(200)).body.data).toEqual([]);
  });

  it('asks for the PayPal id, not a card token', async () => {
    const res = await agent.post('/api/paypal/subscription').send({ ...BILLING_FORM, token: 'cft_card', planId: 'bundle-pro', subscriptionTypeId: 'bundle-pro-month' }).expect(400);
    expect(res.body.fieldErrors).toEqual({ subscriptionId: 'The PayPal subscription is required' });
  });
});

describe('PayPal subscriptions on a server without PayPal keys', () => {
  const t = withTestApp();
  it("answers 404 'PayPal is not available.'", async () => {
    const agent = await signedInUser({ t, email: 'no-paypal@billing.test' });
    const res = await agent.post('/api/paypal/subscription').send({ ...BILLING_FORM, subscriptionId: 'SETUP-1', planId: 'bundle-pro', subscriptionTypeId: 'bundle-pro-month' }).expect(404);
    expect(res.body.message).toBe('PayPal is not available.');
  });
});
