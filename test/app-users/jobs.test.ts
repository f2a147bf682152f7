import { join } from 'node:path';
import { createTestApp, withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import { charges, subscriptions } from '../../server/services/developer/model';
import { collections } from '../../server/services/webhooks/model';
import { appUserJobs } from '../../server/services/app-users/jobs/model';
import { RETRY_DELAYS_MS } from '../../server/services/app-users/jobs/queue';
import { runDueJobs, startAppUserJobWorker } from '../../server/services/app-users/jobs/worker';
import { ProviderError } from '../../server/services/payments/providers/port';
import { billedUser, fakeProvider, ownerWithApp, ownerWithPlans, usersPath, useStripeFake } from './fixtures';
import type { Billed, FakeCall, Owner } from './fixtures';

const t = withTestApp({ scope: 'file' });
let owner: Owner;
let billed: Billed;
let n = 0;

beforeAll(async () => {
  owner = await ownerWithPlans({ t });
});

beforeEach(async () => {
  n += 1;
  billed = await billedUser({ ctx: t.ctx, appId: owner.appId, n });
});

afterEach(() => jest.restoreAllMocks());

const userPath = (rest: string): string => usersPath(owner.appId, `/${billed.user._id}${rest}`);
const eventData = async (ctx: TestApp['ctx'], type: string) =>
  (await collections(ctx.store).events.find({ type })).map((e) => JSON.parse(e.body).data).filter((d) => d.appUserId === billed.user._id);
const sub = () => subscriptions(t.ctx).findOne({ _id: billed.sub._id });
const charge = () => charges(t.ctx).findOne({ _id: billed.charge._id });

describe('cancelling a subscription', () => {
  it('answers at once with the pending cancel, then the job cancels at the provider and sends subscription.cancelled', async () => {
    const fake = fakeProvider();
    useStripeFake(fake.provider);
    const res = await owner.agent.post(userPath(`/subscription/${billed.sub._id}/cancel`)).send({ platform: 'stripe' }).expect(200);
    expect(res.body.message).toBe('The subscription will be cancelled, it might take a few minutes.');
    expect(res.body.data).toMatchObject({ id: billed.sub._id, status: 'active', pendingAction: 'cancel' });
    expect(fake.calls).toEqual([]);

    expect(await runDueJobs({ ctx: t.ctx })).toBe(1);
    expect(fake.calls).toEqual([{ op: 'cancelSubscription', input: { platformSubscriptionId: `sub_${n}`, idempotencyKey: expect.any(String) } }]);
    expect(await sub()).toMatchObject({ status: 'canceled' });
    expect(await sub()).not.toHaveProperty('pendingAction');
    expect(await eventData(t.ctx, 'subscription.cancelled')).toEqual([
      { appUserId: billed.user._id, subscription: { id: billed.sub._id, planId: 'basic', planPricingVariantId: 'monthly', platform: 'stripe', platformSubscriptionId: `sub_${n}`, status: 'canceled' } },
    ]);
    const list = await owner.agent.get(userPath('/subscription')).expect(200);
    expect(list.body.data.docs[0]).toMatchObject({ status: 'canceled' });
    expect(list.body.data.docs[0]).not.toHaveProperty('pendingAction');
  });

  it('refuses a second job on the same subscription while one is pending', async () => {
    useStripeFake(fakeProvider().provider);
    await owner.agent.post(userPath(`/subscription/${billed.sub._id}/cancel`)).send({ platform: 'stripe' }).expect(200);
    const res = await owner.agent.put(userPath(`/subscription/${billed.sub._id}`)).send({ planId: 'pro', planPricingVariantId: 'monthly', platform: 'stripe' }).expect(409);
    expect(res.body.message).toBe('Another change to this record is still in progress, please wait until it has finished');
    await runDueJobs({ ctx: t.ctx });
  });

  it.each([
    ['another platform than the subscription\'s', { status: 'active' }, 'paddle', 400, 'Platform does not match the subscription'],
    ['a subscription already cancelled', { status: 'canceled' }, 'stripe', 400, 'Subscription is already cancelled'],
    ['a platform without a payment adapter', { platform: 'shopify' }, 'shopify', 404, "Provider doesn't exists"],
    ['a provider the app has no integration of', { platform: 'wix' }, 'wix', 400, 'There was a problem connecting to this provider, did you set up the integration to Wix correctly?'],
  ])('refuses %s', async (_case, stored, platform, status, message) => {
    await subscriptions(t.ctx).updateOne({ _id: billed.sub._id }, { $set: stored });
    const res = await owner.agent.post(userPath(`/subscription/${billed.sub._id}/cancel`)).send({ platform }).expect(status);
    expect(res.body.message).toBe(message);
    expect(await appUserJobs(t.ctx).count({ targetId: billed.sub._id })).toBe(0);
  });

  it('answers 404 Subscription not found for an unknown subscription', async () => {
    const res = await owner.agent.post(userPath('/subscription/nope/cancel')).send({ platform: 'stripe' }).expect(404);
    expect(res.body.message).toBe('Subscription not found');
  });
});

describe('changing a subscription', () => {
  it('moves the subscription to the connected price of the new plan and sends subscription.changed', async () => {
    const fake = fakeProvider();
    useStripeFake(fake.provider);
    const res = await owner.agent.put(userPath(`/subscription/${billed.sub._id}`)).send({ planId: 'pro', planPricingVariantId: 'yearly', platform: 'stripe' }).expect(200);
    expect(res.body).toMatchObject({ message: 'The subscription will be changed, it might take a few minutes.', data: { planId: 'basic', pendingAction: 'change' } });
    await runDueJobs({ ctx: t.ctx });
    expect(fake.calls).toEqual([{ op: 'changeSubscription', input: { platformSubscriptionId: `sub_${n}`, platformPlanId: 'price_pro_yearly', idempotencyKey: expect.any(String) } }]);
    expect(await sub()).toMatchObject({ planId: 'pro', planPricingVariantId: 'yearly', status: 'active' });
    expect(await eventData(t.ctx, 'subscription.changed')).toMatchObject([{ subscription: { planId: 'pro', planPricingVariantId: 'yearly' } }]);
  });

  it.each([
    ['an unknown plan', { planId: 'gold', platform: 'stripe' }, 'Plan not found'],
    ['an unknown variant', { planId: 'pro', planPricingVariantId: 'weekly', platform: 'stripe' }, 'Pricing variant not found'],
  ])('refuses %s', async (_case, body, message) => {
    const res = await owner.agent.put(userPath(`/subscription/${billed.sub._id}`)).send(body).expect(400);
    expect(res.body.message).toBe(message);
  });
});

describe('refunding a charge', () => {
  it('refunds in full, marks the charge refunded and sends charge.refunded', async () => {
    const fake = fakeProvider();
    useStripeFake(fake.provider);
    const res = await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe' }).expect(200);
    expect(res.body).toMatchObject({ message: 'The refund was requested. Refunds take a couple of days to reach the customer.', data: { pendingAction: 'refund', refundableAmount: 10 } });
    await runDueJobs({ ctx: t.ctx });
    expect(fake.calls).toEqual([{ op: 'refundCharge', input: { platformChargeId: `ch_${n}`, currency: 'USD', idempotencyKey: expect.any(String) } }]);
    expect(await charge()).toMatchObject({ status: 'refunded', refundedAmount: 10 });
    expect(await eventData(t.ctx, 'charge.refunded')).toMatchObject([{ charge: { id: billed.charge._id, status: 'refunded', refundedAmount: 10, refunded: 10 } }]);
    expect(await sub()).toMatchObject({ status: 'active' });
  });

  it('refunds part, then the rest, and cancels the plan after when asked', async () => {
    const fake = fakeProvider();
    useStripeFake(fake.provider);
    await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe', refundAmount: 2.5 }).expect(200);
    await runDueJobs({ ctx: t.ctx });
    expect(await charge()).toMatchObject({ status: 'partially_refunded', refundedAmount: 2.5 });
    const listed = await owner.agent.get(userPath('/charges')).expect(200);
    expect(listed.body.data.docs[0]).toMatchObject({ status: 'partially_refunded', refundedAmount: 2.5, refundableAmount: 7.5 });

    const tooMuch = await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe', refundAmount: 7.51 }).expect(400);
    expect(tooMuch.body).toMatchObject({ message: 'Refund amount must be at most 7.50 USD', fieldErrors: { refundAmount: 'Refund amount must be at most 7.50 USD' } });

    await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe', cancelUserSubscription: true }).expect(200);
    await runDueJobs({ ctx: t.ctx });
    expect(fake.calls.map((c) => c.op)).toEqual(['refundCharge', 'refundCharge', 'cancelSubscription']);
    expect(fake.calls[0].input).toMatchObject({ amount: 2.5 });
    expect(await charge()).toMatchObject({ status: 'refunded', refundedAmount: 10 });
    expect(await sub()).toMatchObject({ status: 'canceled' });
    expect(await eventData(t.ctx, 'subscription.cancelled')).toHaveLength(1);

    const again = await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe' }).expect(400);
    expect(again.body.message).toBe('This charge cannot be refunded');
  });

  it.each([
    [0, 'Refund amount must be at least 0.01'],
    [0.004, 'Refund amount must be at least 0.01'],
    [10.01, 'Refund amount must be at most 10.00 USD'],
  ])('refuses a refund amount of %d on the field', async (refundAmount, message) => {
    const res = await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe', refundAmount }).expect(400);
    expect(res.body.fieldErrors).toEqual({ refundAmount: message });
    expect(await charge()).not.toHaveProperty('pendingAction');
  });

  it('answers 404 Charge not found for an unknown charge', async () => {
    const res = await owner.agent.put(userPath('/charges/nope/refund')).send({ platform: 'stripe' }).expect(404);
    expect(res.body.message).toBe('Charge not found');
  });
});

describe('failures', () => {
  it('retries a failing provider with backoff, showing the failure, until it answers', async () => {
    let failing = true;
    const fake = fakeProvider(() => {
      if (failing) throw new ProviderError('stripe', 'Service unavailable', 503);
    });
    useStripeFake(fake.provider);
    await owner.agent.post(userPath(`/subscription/${billed.sub._id}/cancel`)).send({ platform: 'stripe' }).expect(200);
    await runDueJobs({ ctx: t.ctx });
    expect(await sub()).toMatchObject({
      status: 'active',
      pendingAction: 'cancel',
      lastActionError: 'There was a problem connecting to this provider, did you set up the integration to Stripe correctly? (Service unavailable)',
    });
    expect(await runDueJobs({ ctx: t.ctx })).toBe(0);
    t.advance(RETRY_DELAYS_MS[0]);
    failing = false;
    expect(await runDueJobs({ ctx: t.ctx })).toBe(1);
    expect(fake.calls).toHaveLength(2);
    // Both attempts carry the job's id, so the provider can tell the retry from a second cancel.
    const [job] = await appUserJobs(t.ctx).find({ targetId: billed.sub._id });
    expect(fake.calls.map((c) => c.input.idempotencyKey)).toEqual([job?._id, job?._id]);
    const done = await sub();
    expect(done).toMatchObject({ status: 'canceled' });
    expect(done).not.toHaveProperty('lastActionError');
  });

  it('gives up after the last retry and clears the pending state', async () => {
    const fake = fakeProvider(() => {
      throw new ProviderError('stripe', 'Timed out');
    });
    useStripeFake(fake.provider);
    await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe' }).expect(200);
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      t.advance(delay);
      await runDueJobs({ ctx: t.ctx });
    }
    expect(fake.calls).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(await appUserJobs(t.ctx).find({ targetId: billed.charge._id })).toMatchObject([{ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1 }]);
    const failed = await charge();
    expect(failed).toMatchObject({ status: 'succeeded', lastActionError: expect.stringContaining('Timed out') });
    expect(failed).not.toHaveProperty('pendingAction');
  });

  it('gives up at once on a permanent provider error', async () => {
    const fake = fakeProvider((call: FakeCall) => {
      throw new ProviderError('stripe', `${call.op} is not offered`, undefined, { permanent: true });
    });
    useStripeFake(fake.provider);
    await owner.agent.post(userPath(`/subscription/${billed.sub._id}/cancel`)).send({ platform: 'stripe' }).expect(200);
    await runDueJobs({ ctx: t.ctx });
    t.advance(RETRY_DELAYS_MS[0]);
    expect(await runDueJobs({ ctx: t.ctx })).toBe(0);
    expect(fake.calls).toHaveLength(1);
    expect(await appUserJobs(t.ctx).find({ targetId: billed.sub._id })).toMatchObject([{ status: 'failed', attempts: 1 }]);
    expect(await sub()).toMatchObject({ status: 'active', lastActionError: expect.stringContaining('cancelSubscription is not offered') });
    expect(await eventData(t.ctx, 'subscription.cancelled')).toEqual([]);
  });
});

it('runs a job accepted before a restart in the next instance on the same store', async () => {
  const file = join(tempDir('nindo-app-user-jobs-'), 'store.sqlite');
  const first = await createTestApp({ sqlitePath: file });
  const before = await ownerWithApp({ t: first, email: 'restart@example.com' });
  const user = await billedUser({ ctx: first.ctx, appId: before.appId, n: 1 });
  await before.agent.post(usersPath(before.appId, `/${user.user._id}/subscription/${user.sub._id}/cancel`)).send({ platform: 'stripe' }).expect(200);
  await first.close();

  const fake = fakeProvider();
  useStripeFake(fake.provider);
  const second = await createTestApp({ sqlitePath: file });
  const stop = startAppUserJobWorker(second.ctx);
  try {
    const until = Date.now() + 10_000;
    while ((await subscriptions(second.ctx).findOne({ _id: user.sub._id }))?.status !== 'canceled') {
      if (Date.now() > until) throw new Error('The job did not run after the restart');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await stop();
    await second.close();
  }
  expect(fake.calls).toEqual([{ op: 'cancelSubscription', input: { platformSubscriptionId: 'sub_1', idempotencyKey: expect.any(String) } }]);
});

it('runs each job once when two instances share the store', async () => {
  const file = join(tempDir('nindo-app-user-jobs-'), 'store.sqlite');
  const first = await createTestApp({ sqlitePath: file });
  const second = await createTestApp({ sqlitePath: file });
  try {
    const dev = await ownerWithApp({ t: first, email: 'two@example.com' });
    const users = [];
    for (let i = 1; i <= 10; i += 1) users.push(await billedUser({ ctx: first.ctx, appId: dev.appId, n: i }));
    for (const u of users) await dev.agent.post(usersPath(dev.appId, `/${u.user._id}/subscription/${u.sub._id}/cancel`)).send({ platform: 'stripe' }).expect(200);
    const fake = fakeProvider();
    useStripeFake(fake.provider);
    const [a, b] = await Promise.all([runDueJobs({ ctx: first.ctx }), runDueJobs({ ctx: second.ctx })]);
    expect(a + b).toBe(10);
    expect(new Set(fake.calls.map((c) => c.input.platformSubscriptionId)).size).toBe(10);
    expect(fake.calls).toHaveLength(10);
    expect(await subscriptions(second.ctx).count({ appId: dev.appId, status: 'canceled' })).toBe(10);
  } finally {
    await first.close();
    await second.close();
  }
});
