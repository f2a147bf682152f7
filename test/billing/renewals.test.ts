import { existingUser, mailsTo } from '../helpers/accounts';
import { tempDir } from '../helpers/temp-dir';
import { createTestApp, withTestApp } from '../helpers/test-app';
import { subscriptions } from '../../server/services/billing/model';
import { sandboxCharges } from '../../server/services/billing/providers/sandbox/model';
import { claimDueRenewals } from '../../server/services/billing/renewals/claim';
import { runRenewal } from '../../server/services/billing/renewals/run';
import { periodEndAfter } from '../../server/services/billing/periods';
import { RENEWAL_LEASE_MS } from '../../server/services/billing/renewals/schedule';
import { runDueRenewals, startRenewalWorker } from '../../server/services/billing/renewals/worker';
import { BILLING_DETAILS, DAY, paymentsOf, renewingSubscription, subscriptionNow, vaultCard } from './renewal-fixture';
import { userIdOf } from './subscription-fixture';

const EMAIL = 'renewer@billing.test';

describe('the renewal job', () => {
  const t = withTestApp();
  let userId: string;
  beforeEach(async () => {
    await existingUser({ t, email: EMAIL });
    userId = await userIdOf({ ctx: t.ctx, email: EMAIL });
  });
  const subjects = async (): Promise<string[]> => (await mailsTo({ ctx: t.ctx, to: EMAIL })).map((mail) => mail.subject).filter((subject) => !subject.startsWith('Confirm'));

  it('charges nothing before the period ends, then renews once: a payment, the next period from the old end, a receipt', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, renewsInMs: DAY });
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(0);
    t.advance(DAY + 1000);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(1);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(0);

    const renewed = await subscriptionNow({ ctx: t.ctx, id: subscription._id });
    const nextYear = new Date(subscription.currentPeriodEnd);
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(renewed).toMatchObject({ status: 'active', failedAttempts: 0, currentPeriodStart: subscription.currentPeriodEnd, currentPeriodEnd: nextYear.toISOString(), nextAttemptAt: nextYear.toISOString() });
    const rows = await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id });
    expect(rows).toEqual([expect.objectContaining({ amount: 240, planName: 'Pro', status: 'paid', periodStart: subscription.currentPeriodEnd, periodEnd: nextYear.toISOString(), billingDetails: BILLING_DETAILS })]);
    expect(await subjects()).toEqual(['Your Pro subscription was renewed']);
  });

  it.each([
    ['2026-01-31T10:00:00.000Z', 'month', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 'month', '2028-02-29T10:00:00.000Z'],
    ['2026-03-15T08:30:00.000Z', 'month', '2026-04-15T08:30:00.000Z'],
    ['2026-12-31T23:59:59.000Z', 'month', '2027-01-31T23:59:59.000Z'],
    ['2028-02-29T00:00:00.000Z', 'year', '2029-02-28T00:00:00.000Z'],
  ] as const)('ends a period starting %s a %s later on %s (clamped to a shorter month)', (start, period, end) => {
    expect(periodEndAfter({ start, period })).toBe(end);
  });

  it('walks a declined card through the retries on day 1, 3 and 5, past_due for a week, then expired, mailing at each step', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, behaviour: 'decline', renewsInMs: 0 });
    const steps: Array<[waitDays: number, status: string, failedAttempts: number]> = [
      [0, 'active', 1],
      [1, 'active', 2],
      [2, 'active', 3],
      [2, 'past_due', 4],
      [7, 'expired', 4],
    ];
    for (const [waitDays, status, failedAttempts] of steps) {
      t.advance(waitDays * DAY - 60_000);
      expect(await runDueRenewals({ ctx: t.ctx })).toBe(0);
      t.advance(60_000);
      expect(await runDueRenewals({ ctx: t.ctx })).toBe(1);
      expect(await subscriptionNow({ ctx: t.ctx, id: subscription._id })).toMatchObject({ status, failedAttempts });
    }
    t.advance(365 * DAY);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(0);
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toEqual([]);
    expect(await subjects()).toEqual([
      ...Array<string>(3).fill('The payment for your Pro subscription failed'),
      'Your Pro subscription is past due',
      'Your Pro subscription has expired',
    ]);
  });

  it('recovers at a retry once the card works: paid, active again, the period still counted from the renewal date', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, behaviour: 'decline', renewsInMs: 0 });
    await runDueRenewals({ ctx: t.ctx });
    await subscriptions(t.ctx).updateOne({ _id: subscription._id }, { $set: { paymentMethodRef: await vaultCard({ ctx: t.ctx, behaviour: 'succeed' }) } });
    t.advance(DAY);
    await runDueRenewals({ ctx: t.ctx });
    const renewed = await subscriptionNow({ ctx: t.ctx, id: subscription._id });
    expect(renewed).toMatchObject({ status: 'active', failedAttempts: 0, currentPeriodStart: subscription.currentPeriodEnd });
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toHaveLength(1);
  });

  it('charges once for the period now running when the renewal is periods late, not once per period missed', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, period: 'month', renewsInMs: 0 });
    const due = subscription.currentPeriodEnd;
    const [, third, fourth] = [1, 2, 3].reduce<string[]>((ends) => [...ends, periodEndAfter({ start: ends.at(-1) ?? due, period: 'month' })], []);
    t.advance(new Date(third).getTime() - new Date(due).getTime() + DAY);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(1);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(0);
    expect(await subscriptionNow({ ctx: t.ctx, id: subscription._id })).toMatchObject({ status: 'active', currentPeriodStart: third, currentPeriodEnd: fourth, nextAttemptAt: fourth });
    const rows = await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id });
    expect(rows.map(({ periodStart, periodEnd }) => [periodStart, periodEnd])).toEqual([[third, fourth]]);
  });

  it('asks again for the 3-D Secure step a renewal waits on instead of charging anew, so a late confirmation of the first link pays the period', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, renewsInMs: 0 });
    const paymentMethodRef = subscription.paymentMethodRef ?? '';
    await sandboxCharges(t.ctx).insertOne({ _id: 'sbtx_waiting', idempotencyKey: 'waiting', paymentMethodRef, amount: 240, description: 'Pro renewal', status: 'requires_action', threeDSecure: 'pending', created: t.ctx.now().toISOString() });
    await subscriptions(t.ctx).updateOne({ _id: subscription._id }, { $set: { pendingTransactionId: 'sbtx_waiting', failedAttempts: 1 } });

    expect(await runDueRenewals({ ctx: t.ctx })).toBe(1);
    expect(await subscriptionNow({ ctx: t.ctx, id: subscription._id })).toMatchObject({ status: 'active', failedAttempts: 2, pendingTransactionId: 'sbtx_waiting' });
    expect(await sandboxCharges(t.ctx).count({ paymentMethodRef })).toBe(1);
    expect((await mailsTo({ ctx: t.ctx, to: EMAIL })).find((mail) => mail.subject === 'Please confirm the payment for your Pro subscription')?.text).toContain('sbtx_waiting');

    await sandboxCharges(t.ctx).updateOne({ _id: 'sbtx_waiting' }, { $set: { threeDSecure: 'authenticated' } });
    t.advance(2 * DAY);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(1);
    expect(await subscriptionNow({ ctx: t.ctx, id: subscription._id })).toMatchObject({ status: 'active', failedAttempts: 0, currentPeriodStart: subscription.currentPeriodEnd });
    expect((await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).map((row) => row.transactionId)).toEqual(['sbtx_waiting']);
    expect(await sandboxCharges(t.ctx).count({ paymentMethodRef })).toBe(1);
  });

  it('leaves a claim alone while its lease runs, then another instance renews it', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, renewsInMs: 0 });
    expect(await claimDueRenewals({ ctx: t.ctx, max: 8 })).toHaveLength(1);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(0);
    t.advance(RENEWAL_LEASE_MS + 1000);
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(1);
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toHaveLength(1);
  });

  it('charges and records once when two instances run the same attempt', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, renewsInMs: 0 });
    await Promise.all([runRenewal({ ctx: t.ctx, subscription }), runRenewal({ ctx: t.ctx, subscription })]);
    expect(await sandboxCharges(t.ctx).count({ paymentMethodRef: subscription.paymentMethodRef })).toBe(1);
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toHaveLength(1);
    expect(await subjects()).toEqual(['Your Pro subscription was renewed']);
  });

  it('renews a free plan without a charge or a payment row', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, planId: 'bundle-free', renewsInMs: 0 });
    await runDueRenewals({ ctx: t.ctx });
    expect((await subscriptionNow({ ctx: t.ctx, id: subscription._id })).currentPeriodStart).toBe(subscription.currentPeriodEnd);
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toEqual([]);
  });

  it('renews in the background once the worker runs', async () => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, renewsInMs: 0 });
    const stop = startRenewalWorker(t.ctx);
    try {
      for (let tries = 0; tries < 100 && (await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await stop();
    }
    expect(await paymentsOf({ ctx: t.ctx, subscriptionId: subscription._id })).toHaveLength(1);
  });

  it.each(['cancelled', 'expired'] as const)('never charges a %s subscription', async (status) => {
    const subscription = await renewingSubscription({ ctx: t.ctx, userId, renewsInMs: 0 });
    await subscriptions(t.ctx).updateOne({ _id: subscription._id }, { $set: { status } });
    expect(await runDueRenewals({ ctx: t.ctx })).toBe(0);
  });
});

describe('renewals across a restart', () => {
  it('a new instance on the same store renews what was due, including a claim the closed one left unfinished', async () => {
    const sqlitePath = `${tempDir('nindo-renewals-')}/store.sqlite`;
    const first = await createTestApp({ sqlitePath });
    await existingUser({ t: first, email: EMAIL });
    const userId = await userIdOf({ ctx: first.ctx, email: EMAIL });
    const due = await renewingSubscription({ ctx: first.ctx, userId, renewsInMs: DAY });
    const claimedThenClosed = await renewingSubscription({ ctx: first.ctx, userId, renewsInMs: 0 });
    expect((await claimDueRenewals({ ctx: first.ctx, max: 8 })).map((one) => one._id)).toEqual([claimedThenClosed._id]);
    await first.close();

    const second = await createTestApp({ sqlitePath });
    try {
      second.advance(DAY + 1000);
      expect(await runDueRenewals({ ctx: second.ctx })).toBe(2);
      for (const subscription of [due, claimedThenClosed]) {
        expect(await paymentsOf({ ctx: second.ctx, subscriptionId: subscription._id })).toHaveLength(1);
        expect(await subscriptionNow({ ctx: second.ctx, id: subscription._id })).toMatchObject({ status: 'active', currentPeriodStart: subscription.currentPeriodEnd });
      }
    } finally {
      await second.close();
    }
  });
});
