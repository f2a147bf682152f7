// The hosted card fields' calls (GET /api/bluesnap/getToken, POST /api/bluesnap/hostedFields/{token})
// and pages (/hosted/card-fields, /hosted/3ds/{id}) with the built-in sandbox card provider.
import request from 'supertest';
import { createTestApp, withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { startPayPalFake } from '../helpers/paypal-fake';
import type { PayPalFake } from '../helpers/paypal-fake';
import { signedInUser } from '../helpers/accounts';
import { readConfig } from '../../server/config';
import type { Agent } from '../helpers/accounts';
import { CARD_ERROR_MESSAGES } from '../../rules/billing-card-errors';
import { CARD_TOKEN_TTL_MS } from '../../server/services/billing/providers/card-tokens';
import { cardProviderFor } from '../../server/services/billing/providers/registry';
import { userIdOf } from './subscription-fixture';

const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvv: '123' };

describe('card fields (sandbox)', () => {
  const t = withTestApp({ scope: 'file' });
  let agent: Agent;
  beforeAll(async () => {
    agent = await signedInUser({ t, email: 'buyer@card.test' });
  });
  const newToken = async (): Promise<string> => (await agent.get('/api/bluesnap/getToken').expect(200)).body.data.token as string;
  const vault = (token: string, fields: Record<string, string>) => request(t.app).post(`/api/bluesnap/hostedFields/${token}`).send(fields);

  it('issues a token with the frame address of the card fields', async () => {
    const res = await agent.get('/api/bluesnap/getToken').expect(200);
    expect(res.body.data).toEqual({
      token: expect.stringMatching(/^cft_/),
      adapter: 'sandbox',
      expiresAt: new Date(t.ctx.now().getTime() + CARD_TOKEN_TTL_MS).toISOString(),
      fieldsUrl: `/hosted/card-fields?token=${res.body.data.token}`,
    });
  });

  it('keeps a good card without a session and answers its brand and last digits', async () => {
    const res = await vault(await newToken(), GOOD).expect(200);
    expect(res.body.data).toEqual({ brand: 'visa', last4: '4242' });
  });

  it.each([
    ['a number failing the Luhn check', '001', { ...GOOD, cardNumber: '4242 4242 4242 4241' }],
    ['letters in the number', '001', { ...GOOD, cardNumber: '4242 4242 4242 424x' }],
    ['a brand not accepted (UnionPay)', '22013', { ...GOOD, cardNumber: '6200 0000 0000 0005' }],
    ['a past expiry', '003', { ...GOOD, expiry: '01/20' }],
    ['a malformed expiry', '003', { ...GOOD, expiry: '13/40' }],
    ['a short CVV', '002', { ...GOOD, cvv: '12' }],
    ['a three-digit CVV on Amex', '002', { cardNumber: '3782 822463 10005', expiry: '12/40', cvv: '123' }],
  ])('refuses %s with code %s and its text', async (_case, code, fields) => {
    const res = await vault(await newToken(), fields).expect(422);
    expect(res.body).toEqual({ success: false, data: [{ code, msg: CARD_ERROR_MESSAGES[code as keyof typeof CARD_ERROR_MESSAGES] }], message: CARD_ERROR_MESSAGES[code as keyof typeof CARD_ERROR_MESSAGES], requestId: expect.any(String) });
  });

  it.each([
    ['an unknown token', async () => 'cft_unknown'],
    ['an expired token', async () => {
      const token = await newToken();
      t.advance(CARD_TOKEN_TTL_MS + 1);
      return token;
    }],
    ['a token already filled', async () => {
      const token = await newToken();
      await vault(token, GOOD).expect(200);
      return token;
    }],
  ])('answers 400 "Session expired" for %s', async (_case, tokenOf) => {
    const res = await vault(await tokenOf(), GOOD).expect(422);
    expect(res.body.data).toEqual([{ code: '400', msg: 'Session expired please refresh page to continue' }]);
  });

  it('refuses a signed-out caller a token', async () => {
    await request(t.app).get('/api/bluesnap/getToken').expect(401);
  });

  it('lets only the user it was issued to start a subscription with the token', async () => {
    const token = await newToken();
    await vault(token, GOOD).expect(200);
    const provider = cardProviderFor({ ctx: t.ctx });
    const start = (userId: string, idempotencyKey: string) =>
      provider.startSubscription({ customer: { userId, email: 'x@card.test', name: 'X' }, token, amount: 10, description: 'Pro', idempotencyKey });
    await expect(start('someone-else', 'k1')).rejects.toThrow('Session expired please refresh page to continue');
    const owner = await userIdOf({ ctx: t.ctx, email: 'buyer@card.test' });
    await expect(start(owner, 'k2')).resolves.toMatchObject({ charge: { status: 'paid' } });
  });

  it('serves the card fields page with the sandbox test cards, framable', async () => {
    const res = await request(t.app).get('/hosted/card-fields?token=cft_x').expect(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('4000 0000 0000 3220');
    expect(res.text).toContain('<script src="/hosted/card-fields.js">');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it('shows the 3-D Secure page while the step waits, records the answer once, then 404', async () => {
    const token = await newToken();
    await vault(token, { ...GOOD, cardNumber: '4000 0000 0000 3220' }).expect(200);
    const userId = await userIdOf({ ctx: t.ctx, email: 'buyer@card.test' });
    const { charge } = await cardProviderFor({ ctx: t.ctx }).startSubscription({ customer: { userId, email: 'b@card.test', name: 'B' }, token, amount: 99, description: 'Pro', idempotencyKey: 'k' });
    if (charge?.status !== 'requires_action') throw new Error(`expected a 3-D Secure step, got ${JSON.stringify(charge)}`);
    const page = await request(t.app).get(charge.actionUrl).expect(200);
    expect(page.text).toContain('$99.00');
    await request(t.app).post(`/api/bluesnap/threeDSecure/${charge.transactionId}`).send({ authenticated: true }).expect(200);
    await request(t.app).post(`/api/bluesnap/threeDSecure/${charge.transactionId}`).send({ authenticated: true }).expect(404);
    await request(t.app).get(charge.actionUrl).expect(404);
  });
});

describe('GET /api/paypal/getToken', () => {
  it('answers 404 when the server has no PayPal keys', async () => {
    const t = await createTestApp();
    try {
      const agent = await signedInUser({ t, email: 'nopaypal@card.test' });
      expect((await agent.get('/api/paypal/getToken').expect(404)).body.message).toBe('PayPal is not available.');
    } finally {
      await t.close();
    }
  });

  describe('with PayPal configured', () => {
    let fake: PayPalFake;
    let t: TestApp;
    beforeAll(async () => {
      fake = await startPayPalFake();
      const billing = readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x' }).billing;
      t = await createTestApp({ billing: { ...billing, paypal: { clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url } } });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it('creates a setup token for the caller with the page where the buyer approves it', async () => {
      const agent = await signedInUser({ t, email: 'paypal@card.test' });
      const res = await agent.get('/api/paypal/getToken').expect(200);
      expect(res.body.data).toEqual({ token: expect.any(String), approveUrl: `${fake.url}/agreements/approve?approval_session_id=${res.body.data.token}` });
      expect(fake.sent()).toEqual(['POST /v1/oauth2/token', 'POST /v3/vault/setup-tokens']);
    });
  });
});
