import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';
import { seedDemo } from '../../server/demo/seed';
import { seedBilling, DEMO_SUBSCRIPTION_ID } from '../../server/demo/billing';
import { DEMO_OWNER } from '../../server/demo/accounts';
import { payments } from '../../server/services/billing/model';
import { runDueRenewals } from '../../server/services/billing/renewals/worker';

const t = withTestApp({ scope: 'file' });

it('shows the demo site owner an active subscription with three monthly payments and invoices, renewed when due', async () => {
  await seedDemo(t.ctx);
  await seedBilling(t.ctx);
  const agent = request.agent(t.app);
  await agent.post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA }).expect(200);

  const rows = (await agent.get('/nindo/api/getUserPayments').expect(200)).body.data as Array<{ subscriptionId: string; transactionId: string; amount: number; created: string; invoiceUrl: string }>;
  expect(rows.map((row) => row.transactionId)).toEqual(['demo-tx-3', 'demo-tx-2', 'demo-tx-1']);
  expect(rows.every((row) => row.subscriptionId === DEMO_SUBSCRIPTION_ID && row.amount === 25 && row.invoiceUrl === `/nindo/api/invoice/${row.transactionId}`)).toBe(true);
  expect(new Date(rows[0]?.created ?? 0).getTime()).toBeLessThan(t.ctx.now().getTime());
  await agent.get('/nindo/api/invoice/demo-tx-1').expect(200).expect('Content-Type', 'application/pdf');

  t.advance(11 * 24 * 60 * 60 * 1000);
  expect(await runDueRenewals({ ctx: t.ctx })).toBe(1);
  expect(await payments(t.ctx).count({ subscriptionId: DEMO_SUBSCRIPTION_ID })).toBe(4);
});
