import Stripe from 'stripe';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { existingUser } from '../helpers/accounts';
import { payments, subscriptions } from '../../server/services/billing/model';
import type { SubscriptionDoc } from '../../server/services/billing/model';
import { recordPayment } from '../../server/services/billing/payments/record';
import { sandboxCharges } from '../../server/services/billing/providers/sandbox/model';
import { applyProviderEvent } from '../../server/services/billing/webhooks/apply';
import { DAY, paymentsOf, subscriptionNow, vaultCard } from './renewal-fixture';
import { insertSubscription, userIdOf } from './subscription-fixture';

const WEBHOOK_SECRET = 'whsec_test_billing_webhooks';
const STRIPE = { cardProvider: 'sandbox' as const, stripe: { secretKey: 'sk_test_billing_webhooks', webhookSecret: WEBHOOK_SECRET } };
const stripe = new Stripe('sk_test_billing_webhooks');

describe('POST /api/billing/webhooks/{provider}', () => {
  const t = withTestApp({ config: { billing: STRIPE } });
  let userId: string;
  beforeEach(async () => {
    await existingUser({ t, email: 'hooked@billing.test' });
    userId = await userIdOf({ ctx: t.ctx, email: 'hooked@billing.test' });
  });

  const event = (type: string, object: Record<string, unknown>): string => JSON.stringify({ id: `evt_${type}_${String(object.id)}`, object: 'event', type, data: { object } });
  const signed = (payload: string, secret = WEBHOOK_SECRET) => ({
    'Content-Type': 'application/json',
    'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(t.ctx.now().getTime() / 1000) }),
  });
  const post = (payload: string, headers: Record<string, string>, provider = 'stripe') => request(t.app).post(`/api/billing/webhooks/${provider}`).set(headers).send(payload);

  async function stripeSubscription(set: Partial<SubscriptionDoc> = {}): Promise<SubscriptionDoc> {
    const subscription = await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-pro', id: `sub-stripe-${Date.now()}-${Math.random()}` });
    const changes = { adapter: 'stripe', customerRef: 'cus_hooked', paymentMethodRef: 'pm_hooked', ...set };
    await subscriptions(t.ctx).updateOne({ _id: subscription._id }, { $set: changes });
    return { ...subscription, ...changes };
  }

  it('marks a refunded payment refunded, once, and its invoice says so', async () => {
    const subscription = await stripeSubscription();
    await recordPayment({ ctx: t.ctx, subscription, transactionId: 'pi_refunded', amount: 240, periodStart: subscription.currentPeriodStart, periodEnd: subscription.currentPeriodEnd });
    const payload = event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_refunded', customer: 'cus_hooked' });
    const res = await post(payload, signed(payload)).expect(200);
    expect(res.body.data).toEqual({ eventId: 'evt_charge.refunded_ch_1', type: 'payment.refunded', applied: true });
    expect(await payments(t.ctx).findOne({ transactionId: 'pi_refunded' })).toMatchObject({ status: 'refunded', refundedAt: expect.any(String) });
    expect((await post(payload, signed(payload)).expect(200)).body.data.applied).toBe(false);
  });

  it('settles a renewal waiting on 3-D Secure when the payment succeeds: one payment, the next period', async () => {
    const subscription = await stripeSubscription({ pendingTransactionId: 'pi_waiting', failedAttempts: 1 });
    const payload = event('payment_intent.succeeded', { id: 'pi_waiting', object: 'payment_intent', customer: 'cus_hooked' });
    expect((await post(payload, signed(payload)).expect(200)).body.data.applied).toBe(true);
    expect((await post(payload, signed(payload)).expect(200)).body.data.applied).toBe(false);
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toEqual([expect.objectContaining({ transactionId: 'pi_waiting', amount: 240 })]);
    const renewed = await subscriptionNow({ ctx: t.ctx, id: subscription._id });
    expect(renewed).toMatchObject({ status: 'active', failedAttempts: 0, currentPeriodStart: subscription.currentPeriodEnd });
    expect(renewed.pendingTransactionId).toBeUndefined();
  });

  it('counts a failed confirmation as a failed renewal attempt, retried a day later', async () => {
    const subscription = await stripeSubscription({ pendingTransactionId: 'pi_failing' });
    const payload = event('payment_intent.payment_failed', { id: 'pi_failing', object: 'payment_intent', customer: 'cus_hooked' });
    expect((await post(payload, signed(payload)).expect(200)).body.data.applied).toBe(true);
    const after = await subscriptionNow({ ctx: t.ctx, id: subscription._id });
    expect(after).toMatchObject({ status: 'active', failedAttempts: 1, nextAttemptAt: new Date(t.ctx.now().getTime() + DAY).toISOString() });
  });

  it('acknowledges an event about nothing of ours without changing anything', async () => {
    const payload = event('customer.created', { id: 'cus_other', object: 'customer' });
    expect((await post(payload, signed(payload)).expect(200)).body.data).toEqual({ eventId: 'evt_customer.created_cus_other', type: 'other', applied: false });
  });

  it.each([
    ['a wrong secret', 'stripe', (payload: string) => signed(payload, 'whsec_someone_else')],
    ['no signature', 'stripe', () => ({ 'Content-Type': 'application/json' })],
    ['the sandbox, which sends none', 'sandbox', (payload: string) => signed(payload)],
  ])('refuses a notification with %s: 400 and nothing changes', async (_, provider, headersOf) => {
    const subscription = await stripeSubscription();
    await recordPayment({ ctx: t.ctx, subscription, transactionId: 'pi_forged', amount: 240, periodStart: subscription.currentPeriodStart, periodEnd: subscription.currentPeriodEnd });
    const payload = event('charge.refunded', { id: 'ch_forged', object: 'charge', payment_intent: 'pi_forged' });
    const res = await post(payload, headersOf(payload), provider).expect(400);
    expect(res.body).toEqual({ success: false, data: null, message: 'Invalid webhook signature', requestId: expect.any(String) });
    expect((await payments(t.ctx).findOne({ transactionId: 'pi_forged' }))?.status).toBe('paid');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await post('{}', { 'Content-Type': 'application/json' }, 'paypal').expect(404);
    expect(res.body.message).toBe('Billing provider not configured');
  });
});

describe('a purchase waiting on 3-D Secure, confirmed by the provider', () => {
  const t = withTestApp();

  it.each([
    ['authenticated', true, 'active', 1],
    ['pending', false, 'incomplete', 0],
  ] as const)('a payment.succeeded event with the step %s applies %s: %s with %i payment(s)', async (threeDSecure, applied, status, paid) => {
    await existingUser({ t, email: 'buyer@billing.test' });
    const userId = await userIdOf({ ctx: t.ctx, email: 'buyer@billing.test' });
    const subscription = await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-pro', status: 'incomplete' });
    const paymentMethodRef = await vaultCard({ ctx: t.ctx, behaviour: 'three_d_secure' });
    await sandboxCharges(t.ctx).insertOne({ _id: 'sbtx_first', idempotencyKey: 'first', paymentMethodRef, amount: 240, description: 'Pro', status: 'requires_action', threeDSecure, created: t.ctx.now().toISOString() });
    await subscriptions(t.ctx).updateOne({ _id: subscription._id }, { $set: { firstTransactionId: 'sbtx_first', paymentMethodRef } });

    const event = { id: 'evt_first', type: 'payment.succeeded' as const, transactionId: 'sbtx_first' };
    expect(await applyProviderEvent({ ctx: t.ctx, adapter: 'sandbox', event })).toBe(applied);
    expect((await subscriptionNow({ ctx: t.ctx, id: subscription._id })).status).toBe(status);
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toHaveLength(paid);
  });
});
