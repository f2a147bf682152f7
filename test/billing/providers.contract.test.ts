// The payment-provider port's contract: the same scenarios over the three adapters, the built-in
// sandbox, Stripe (stripe-mock with Stripe's test-card behaviour, test/helpers/stripe-test-cards.ts)
// and PayPal (the local fake, test/helpers/paypal-fake.ts), called directly (no HTTP) on a test
// app's store, where the card tokens and the sandbox's vault live (SQLite, or MongoDB under
// `npm run test:mongo`).
import Stripe from 'stripe';
import { readConfig } from '../../server/config';
import type { Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { checkCard } from '../../rules/billing-card-errors';
import { cardTokens } from '../../server/services/billing/providers/card-tokens';
import { BillingProviderError } from '../../server/services/billing/providers/port';
import type { BillingProvider, CardBillingProvider, ChargeOutcome } from '../../server/services/billing/providers/port';
import { billingProviderFor, cardProviderFor } from '../../server/services/billing/providers/registry';
import { answerThreeDSecure } from '../../server/services/billing/providers/sandbox/sandbox';
import { sandboxCharges } from '../../server/services/billing/providers/sandbox/model';
import { startPayPalFake } from '../helpers/paypal-fake';
import type { PayPalFake } from '../helpers/paypal-fake';
import { withStripeTestCards } from '../helpers/stripe-test-cards';

type Card = 'succeed' | 'decline' | 'expired' | 'three_d_secure';
const CARD_NUMBERS: Record<Card, string> = {
  succeed: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  expired: '4000 0000 0000 0069',
  three_d_secure: '4000 0000 0000 3220',
};
const BUYER = { userId: 'user-1', email: 'buyer@contract.test', name: 'Ada Buyer' };
const STRIPE_WEBHOOK_SECRET = 'whsec_contract';

interface Harness {
  provider: () => BillingProvider;
  /** A token startSubscription takes for BUYER: a filled card token, or an approved PayPal setup token. */
  tokenFor: (card: Card) => Promise<string>;
  /** Passes or fails the 3-D Secure step of a charge; absent where the adapter has none (PayPal). */
  answerThreeDSecure?: (input: { transactionId: string; ok: boolean }) => Promise<void>;
  /** A notification as the provider sends it, and a forged one; absent where none is sent (sandbox). */
  webhook?: () => { valid: { rawBody: Buffer; headers: Record<string, string> }; forged: { rawBody: Buffer; headers: Record<string, string> } };
}

async function storeContext(billing: Partial<Config['billing']> & Pick<Config['billing'], 'cardProvider'>, stripeApiBase?: string): Promise<TestApp> {
  const base = readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'contract-secret' });
  return createTestApp({ billing: { ...base.billing, ...billing }, payments: { ...base.payments, ...(stripeApiBase ? { stripeApiBase } : {}) } });
}

/** What the hosted card fields do: a token for BUYER, the card kept against it. */
async function filledCardToken({ ctx, card }: { ctx: AppContext; card: Card }): Promise<string> {
  const provider: CardBillingProvider = cardProviderFor({ ctx });
  const token = await provider.issueCardToken({ userId: BUYER.userId });
  const fields = { cardNumber: CARD_NUMBERS[card], expiry: '12/40', cvv: '123' };
  const checked = checkCard({ fields, now: ctx.now() });
  if (!checked.ok) throw new Error(`test card refused: ${checked.code}`);
  const { paymentMethodRef } = await provider.vaultCard({ fields, card: checked.card });
  await cardTokens(ctx).updateOne({ _id: token }, { $set: { status: 'vaulted', paymentMethodRef } });
  return token;
}

function sandboxHarness(): Harness {
  let t: TestApp;
  let ctx: AppContext;
  beforeAll(async () => {
    t = await storeContext({ cardProvider: 'sandbox' });
    ctx = t.ctx;
  });
  afterAll(() => t.close());
  return {
    provider: () => billingProviderFor({ ctx, adapter: 'sandbox' }),
    tokenFor: (card) => filledCardToken({ ctx, card }),
    answerThreeDSecure: async ({ transactionId, ok }) => {
      await answerThreeDSecure({ ctx, transactionId, authenticated: ok });
    },
  };
}

function stripeHarness(): Harness {
  const stripe = withStripeTestCards();
  let t: TestApp;
  let ctx: AppContext;
  beforeAll(async () => {
    t = await storeContext({ cardProvider: 'stripe', stripe: { secretKey: 'sk_test_contract', webhookSecret: STRIPE_WEBHOOK_SECRET } }, stripe.url);
    ctx = t.ctx;
  });
  afterAll(() => t.close());
  return {
    provider: () => billingProviderFor({ ctx, adapter: 'stripe' }),
    tokenFor: (card) => filledCardToken({ ctx, card }),
    answerThreeDSecure: ({ transactionId, ok }) => Promise.resolve(stripe.authenticate({ paymentIntentId: transactionId, ok })),
    webhook: () => {
      const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent', customer: 'cus_1' } } });
      const sign = (secret: string) => ({ 'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret }) });
      return { valid: { rawBody: Buffer.from(payload), headers: sign(STRIPE_WEBHOOK_SECRET) }, forged: { rawBody: Buffer.from(payload), headers: sign('whsec_someone_else') } };
    },
  };
}

function paypalHarness(): Harness {
  let fake: PayPalFake;
  let t: TestApp;
  let ctx: AppContext;
  beforeAll(async () => {
    fake = await startPayPalFake();
    t = await storeContext({ cardProvider: 'sandbox', paypal: { clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url, webhookId: fake.webhookId } });
    ctx = t.ctx;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  return {
    provider: () => billingProviderFor({ ctx, adapter: 'paypal' }),
    tokenFor: async (card) => {
      const setupTokenId = await billingProviderFor({ ctx, adapter: 'paypal' }).issueCardToken({ userId: BUYER.userId });
      // An "expired card" at PayPal: the buyer never approved, so nothing can be saved.
      if (card !== 'expired') fake.approve({ setupTokenId, funding: card === 'decline' ? 'declined' : 'ok' });
      return setupTokenId;
    },
    webhook: () => {
      const event = { id: 'WH-EVT-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: '3C123' } };
      const rawBody = Buffer.from(JSON.stringify(event));
      return { valid: { rawBody, headers: fake.signedHeaders(event) }, forged: { rawBody, headers: { ...fake.signedHeaders(event), 'paypal-transmission-sig': 'forged' } } };
    },
  };
}

let keys = 0;
const key = (): string => `contract-${process.pid}-${++keys}`;
const start = ({ provider, token, amount = 19.99, idempotencyKey = key() }: { provider: BillingProvider; token: string; amount?: number; idempotencyKey?: string }) =>
  provider.startSubscription({ customer: BUYER, token, amount, description: 'Pro (year)', idempotencyKey });
const failedForGood = async (run: () => Promise<ChargeOutcome>): Promise<void> => {
  const outcome = await run().catch((err: unknown) => err);
  if (outcome instanceof BillingProviderError) return expect(outcome.permanent).toBe(true);
  expect(outcome).toMatchObject({ status: 'declined', permanent: true });
};

describe.each([
  ['sandbox', sandboxHarness],
  ['stripe', stripeHarness],
  ['paypal', paypalHarness],
])('%s adapter', (_name, makeHarness) => {
  const h = makeHarness();

  it('saves a good payment method, takes the first charge, then charges renewals with it', async () => {
    const provider = h.provider();
    const started = await start({ provider, token: await h.tokenFor('succeed') });
    expect(started.charge).toEqual({ status: 'paid', transactionId: expect.any(String) });
    const renewal = await provider.charge({ customerRef: started.customerRef, paymentMethodRef: started.paymentMethodRef, amount: 19.99, description: 'Renewal', idempotencyKey: key() });
    expect(renewal).toEqual({ status: 'paid', transactionId: expect.any(String) });
    expect(renewal).not.toEqual(started.charge);
  });

  it('saves the payment method of a trial without charging it', async () => {
    const started = await start({ provider: h.provider(), token: await h.tokenFor('succeed'), amount: 0 });
    expect(started).toEqual({ customerRef: expect.any(String), paymentMethodRef: expect.any(String), charge: null });
  });

  it('answers a declined first charge as a decline worth retrying', async () => {
    const started = await start({ provider: h.provider(), token: await h.tokenFor('decline') });
    expect(started.charge).toMatchObject({ status: 'declined', permanent: false, message: expect.any(String) });
  });

  it('refuses an expired card (at PayPal, an approval never given) for good', async () => {
    const provider = h.provider();
    const token = await h.tokenFor('expired');
    await failedForGood(async () => (await start({ provider, token })).charge ?? { status: 'paid', transactionId: 'none' });
  });

  it('refuses a token used once already, or issued to someone else', async () => {
    const provider = h.provider();
    const token = await h.tokenFor('succeed');
    await start({ provider, token });
    await expect(start({ provider, token })).rejects.toMatchObject({ permanent: true });
    const stranger = await h.tokenFor('succeed');
    await expect(provider.startSubscription({ customer: { ...BUYER, userId: 'user-2' }, token: stranger, amount: 5, description: 'x', idempotencyKey: key() })).rejects.toMatchObject({ permanent: true });
  });

  it('charges once for two charges with the same idempotency key, twice for two keys', async () => {
    const provider = h.provider();
    const started = await start({ provider, token: await h.tokenFor('succeed'), amount: 0 });
    const charge = (idempotencyKey: string) => provider.charge({ customerRef: started.customerRef, paymentMethodRef: started.paymentMethodRef, amount: 9.5, description: 'Renewal', idempotencyKey });
    const sameKey = key();
    const [first, second] = await Promise.all([charge(sameKey), charge(sameKey)]);
    expect(first).toEqual({ status: 'paid', transactionId: expect.any(String) });
    expect(second).toEqual(first);
    expect(await charge(key())).not.toEqual(first);
  });

  it('charges nothing more once the payment method is cancelled', async () => {
    const provider = h.provider();
    const started = await start({ provider, token: await h.tokenFor('succeed'), amount: 0 });
    await provider.cancel({ customerRef: started.customerRef, paymentMethodRef: started.paymentMethodRef });
    await failedForGood(() => provider.charge({ customerRef: started.customerRef, paymentMethodRef: started.paymentMethodRef, amount: 9.5, description: 'Renewal', idempotencyKey: key() }));
  });

  it('verifies a signed notification and refuses a forged one (the sandbox sends none)', async () => {
    const provider = h.provider();
    const webhook = h.webhook?.();
    if (!webhook) {
      await expect(provider.verifyWebhook({ rawBody: Buffer.from('{"id":"evt"}'), headers: {} })).resolves.toBeNull();
      return;
    }
    await expect(provider.verifyWebhook(webhook.valid)).resolves.toMatchObject({ type: 'payment.succeeded', transactionId: expect.any(String) });
    await expect(provider.verifyWebhook(webhook.forged)).resolves.toBeNull();
  });

  describe('3-D Secure (card adapters)', () => {
    it.each([
      [true, 'paid'],
      [false, 'declined'],
    ])('asks for the step on the first charge; passed %s, the confirmed charge is %s', async (ok, status) => {
      if (!h.answerThreeDSecure) return;
      const provider = h.provider();
      const started = await start({ provider, token: await h.tokenFor('three_d_secure') });
      const charge = started.charge;
      if (charge?.status !== 'requires_action') throw new Error(`expected a 3-D Secure step, got ${JSON.stringify(charge)}`);
      expect(charge.actionUrl).toEqual(expect.any(String));
      await expect(provider.confirmCharge({ transactionId: charge.transactionId })).resolves.toMatchObject({ status: 'requires_action' });
      await h.answerThreeDSecure({ transactionId: charge.transactionId, ok });
      await expect(provider.confirmCharge({ transactionId: charge.transactionId })).resolves.toMatchObject({ status });
    });
  });
});

describe('sandbox specifics', () => {
  let t: TestApp;
  let ctx: AppContext;
  beforeAll(async () => {
    t = await storeContext({ cardProvider: 'sandbox' });
    ctx = t.ctx;
  });
  afterAll(() => t.close());

  it('takes the first payment of 4000 0000 0000 0341 and declines its renewals (dunning tests)', async () => {
    const provider = cardProviderFor({ ctx });
    const token = await provider.issueCardToken({ userId: BUYER.userId });
    const fields = { cardNumber: '4000 0000 0000 0341', expiry: '12/40', cvv: '123' };
    const checked = checkCard({ fields, now: ctx.now() });
    if (!checked.ok) throw new Error(checked.code);
    const { paymentMethodRef } = await provider.vaultCard({ fields, card: checked.card });
    await cardTokens(ctx).updateOne({ _id: token }, { $set: { status: 'vaulted', paymentMethodRef } });
    const started = await start({ provider, token });
    expect(started.charge).toMatchObject({ status: 'paid' });
    const renewal = await provider.charge({ customerRef: started.customerRef, paymentMethodRef, amount: 19.99, description: 'Renewal', idempotencyKey: key() });
    expect(renewal).toMatchObject({ status: 'declined', code: 'card_declined', permanent: false });
  });

  it('keeps one charge record however many times a key is charged concurrently', async () => {
    const provider = cardProviderFor({ ctx });
    const token = await filledCardToken({ ctx, card: 'succeed' });
    const started = await start({ provider, token, amount: 0 });
    const idempotencyKey = key();
    await Promise.all(Array.from({ length: 5 }, () => provider.charge({ customerRef: started.customerRef, paymentMethodRef: started.paymentMethodRef, amount: 3, description: 'x', idempotencyKey })));
    expect(await sandboxCharges(ctx).count({ idempotencyKey })).toBe(1);
  });
});

describe('billing provider settings', () => {
  const env = { NODE_ENV: 'test', SESSION_SECRET: 'x' };
  it.each([
    [{}, 'sandbox'],
    [{ BILLING_CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }, 'stripe'],
  ])('picks the card adapter from %j: %s', (settings, adapter) => {
    expect(readConfig({ ...env, ...settings }).billing.cardProvider).toBe(adapter);
  });

  it.each([
    [{ BILLING_CARD_PROVIDER: 'bluesnap' }, 'BILLING_CARD_PROVIDER must be sandbox or stripe, not bluesnap'],
    [{ BILLING_CARD_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY must be set with BILLING_CARD_PROVIDER=stripe'],
  ])('refuses to start with %j', (settings, message) => {
    expect(() => readConfig({ ...env, ...settings })).toThrow(message);
  });

  it('offers PayPal only with both its client id and secret', () => {
    expect(readConfig({ ...env, PAYPAL_CLIENT_ID: 'id' }).billing.paypal).toBeUndefined();
    expect(readConfig({ ...env, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }).billing.paypal).toEqual({ clientId: 'id', clientSecret: 's', apiBase: 'https://api-m.paypal.com' });
  });
});
