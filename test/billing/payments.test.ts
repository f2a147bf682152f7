import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { payments } from '../../server/services/billing/model';
import type { SubscriptionDoc } from '../../server/services/billing/model';
import { recordPayment } from '../../server/services/billing/payments/record';
import { DAY } from './renewal-fixture';
import { pdfLines } from './pdf-text';
import { insertSubscription, userIdOf } from './subscription-fixture';

const OWNER = 'payer@billing.test';
const BILLING = { name: 'Ada Lovelace', companyName: 'Analytical Engines Ltd', country: 'US', state: 'NY', city: 'New York', zip: '10001', address: '1 Main St' };

/** Reads a binary answer whole (supertest leaves unknown media types unparsed). */
const binary = (agent: Agent, url: string): ReturnType<Agent['get']> =>
  agent
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('payment history and invoices', () => {
  const t = withTestApp({ scope: 'file' });
  let owner: Agent;
  let stranger: Agent;
  let subscription: SubscriptionDoc;
  beforeAll(async () => {
    owner = await signedInUser({ t, email: OWNER });
    stranger = await signedInUser({ t, email: 'nosy@billing.test' });
    const userId = await userIdOf({ ctx: t.ctx, email: OWNER });
    subscription = await insertSubscription({ ctx: t.ctx, userId, planId: 'bundle-pro', id: 'sub-history' });
    const start = t.ctx.now().getTime();
    for (const [i, transactionId] of ['tx-first', 'tx-second', 'tx-third'].entries()) {
      await recordPayment({
        ctx: t.ctx,
        subscription,
        transactionId,
        amount: 240,
        periodStart: new Date(start + i * 365 * DAY).toISOString(),
        periodEnd: new Date(start + (i + 1) * 365 * DAY).toISOString(),
        billingDetails: BILLING,
      });
      t.advance(1000);
    }
    await recordPayment({ ctx: t.ctx, subscription: { ...subscription, source: 'paddle' }, transactionId: 'tx-paddle', amount: 10, periodStart: subscription.currentPeriodStart, periodEnd: subscription.currentPeriodEnd });
  });

  it('records one row per transaction however often it is recorded', async () => {
    const again = await recordPayment({ ctx: t.ctx, subscription, transactionId: 'tx-first', amount: 999, periodStart: 'x', periodEnd: 'y' });
    expect(again.amount).toBe(240);
    expect(await payments(t.ctx).count({ transactionId: 'tx-first' })).toBe(1);
  });

  it('lists the raw records newest first, a page at a time', async () => {
    const res = await owner.get('/api/payment?limit=2&page=1').expect(200);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, pages: 2, limit: 2 });
    expect(res.body.data.docs.map((doc: { transactionId: string }) => doc.transactionId)).toEqual(['tx-paddle', 'tx-third']);
    expect(res.body.data.docs[1]).toEqual({
      subscriptionId: 'sub-history', transactionId: 'tx-third', planName: 'Pro', period: 'year', amount: 240, status: 'paid', source: 'bluesnap',
      periodStart: expect.any(String), periodEnd: expect.any(String), created: expect.any(String), invoiceUrl: '/nindo/api/invoice/tx-third',
    });
  });

  it('answers the billing page rows with an invoice link, none for the legacy Paddle source', async () => {
    const res = await owner.get('/nindo/api/getUserPayments').expect(200);
    expect(res.body.data.map((row: { transactionId: string; invoiceUrl: string | null }) => [row.transactionId, row.invoiceUrl])).toEqual([
      ['tx-paddle', null],
      ['tx-third', '/nindo/api/invoice/tx-third'],
      ['tx-second', '/nindo/api/invoice/tx-second'],
      ['tx-first', '/nindo/api/invoice/tx-first'],
    ]);
    expect(Object.keys(res.body.data[1]).sort()).toEqual(['amount', 'created', 'invoiceUrl', 'planName', 'subscriptionId', 'transactionId']);
  });

  it('shows another user none of them', async () => {
    expect((await stranger.get('/nindo/api/getUserPayments').expect(200)).body.data).toEqual([]);
    expect((await stranger.get('/api/payment').expect(200)).body.data.total).toBe(0);
  });

  it('sends the invoice as a PDF naming the company, customer, plan, period, amount and tax', async () => {
    const res = await binary(owner, '/nindo/api/invoice/tx-first').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-tx-first.pdf"');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = pdfLines(pdf);
    const first = await payments(t.ctx).findOne({ transactionId: 'tx-first' });
    expect(lines).toEqual(
      expect.arrayContaining([
        t.ctx.config.brand,
        'Invoice tx-first',
        'Ada Lovelace',
        'Analytical Engines Ltd',
        '1 Main St',
        'New York, NY 10001, US',
        OWNER,
        'Pro (billed every year)',
        `Period ${first?.periodStart.slice(0, 10)} to ${first?.periodEnd.slice(0, 10)}`,
        'Subtotal 240.00 USD',
        'Tax (0%) 0.00 USD',
        'Total 240.00 USD',
      ]),
    );
  });

  it.each([
    ['anonymous', 'tx-first', 401],
    ['stranger', 'tx-first', 404],
    ['owner', 'tx-unknown', 404],
    ['owner', 'tx-paddle', 404],
  ] as const)('answers the %s asking for %s with %i', async (who, transactionId, status) => {
    const agent = who === 'anonymous' ? request.agent(t.app) : who === 'stranger' ? stranger : owner;
    const res = await agent.get(`/nindo/api/invoice/${transactionId}`).expect(status);
    expect(res.body.success).toBe(false);
  });
});
