// One event per fact for the job-driven events (issue 19): a cancel, change or refund job that
// runs again after its outcome was written (here: its lease ran out while the first run stalled,
// and another worker finished it) changes the record once and sends one message id.
import { withTestApp } from '../helpers/test-app';
import { charges, subscriptions } from '../../server/services/developer/model';
import { collections } from '../../server/services/webhooks/model';
import { eventIdOf } from '../../server/services/webhooks/emit-event';
import { appUserJobs } from '../../server/services/app-users/jobs/model';
import { claimDueJobs, enqueueJob, LEASE_MS } from '../../server/services/app-users/jobs/queue';
import { runJob } from '../../server/services/app-users/jobs/run';
import { runDueJobs } from '../../server/services/app-users/jobs/worker';
import type { WebhookEventType } from '../../generated/client/types.gen';
import { billedUser, fakeProvider, ownerWithPlans, usersPath, useStripeFake } from './fixtures';
import type { Billed, Owner } from './fixtures';

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
  useStripeFake(fakeProvider().provider);
});

afterEach(() => jest.restoreAllMocks());

const userPath = (rest: string): string => usersPath(owner.appId, `/${billed.user._id}${rest}`);
const eventIds = async (type: WebhookEventType): Promise<string[]> =>
  (await collections(t.ctx.store).events.find({ appId: owner.appId, type })).filter((e) => e.body.includes(billed.user._id)).map((e) => e._id);

const JOBS: [WebhookEventType, () => Promise<unknown>, () => Promise<unknown>][] = [
  ['subscription.cancelled', () => owner.agent.post(userPath(`/subscription/${billed.sub._id}/cancel`)).send({ platform: 'stripe' }).expect(200), () => subscriptions(t.ctx).findOne({ _id: billed.sub._id })],
  [
    'subscription.changed',
    () => owner.agent.put(userPath(`/subscription/${billed.sub._id}`)).send({ planId: 'pro', planPricingVariantId: 'yearly', platform: 'stripe' }).expect(200),
    () => subscriptions(t.ctx).findOne({ _id: billed.sub._id }),
  ],
  ['charge.refunded', () => owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe', refundAmount: 2.5 }).expect(200), () => charges(t.ctx).findOne({ _id: billed.charge._id })],
];

it.each(JOBS)('%s: a job run again after another worker finished it changes nothing and sends the same message id', async (type, ask, record) => {
  await ask();
  // The first worker claims the job and stalls past its lease; another worker takes it and finishes.
  const [stalled] = await claimDueJobs({ ctx: t.ctx, max: 1 });
  if (!stalled) throw new Error('no job claimed');
  t.advance(LEASE_MS + 1000);
  expect(await runDueJobs({ ctx: t.ctx })).toBe(1);
  const finished = await record();

  await runJob({ ctx: t.ctx, job: stalled });
  expect(await eventIds(type)).toHaveLength(1);
  expect(await record()).toEqual(finished);
  expect(await eventIds(type)).toEqual([eventIdOf({ appId: owner.appId, type, cause: stalled._id })]);
});

it('refunds once when the job is run again: the charge keeps the first outcome and the event says what was refunded', async () => {
  await owner.agent.put(userPath(`/charges/${billed.charge._id}/refund`)).send({ platform: 'stripe', refundAmount: 2.5 }).expect(200);
  const [job] = await claimDueJobs({ ctx: t.ctx, max: 1 });
  if (!job) throw new Error('no job claimed');
  await runJob({ ctx: t.ctx, job });
  await runJob({ ctx: t.ctx, job });
  expect(await charges(t.ctx).findOne({ _id: billed.charge._id })).toMatchObject({ status: 'partially_refunded', refundedAmount: 2.5 });
  const [event] = await collections(t.ctx.store).events.find({ _id: eventIdOf({ appId: owner.appId, type: 'charge.refunded', cause: job._id }) });
  expect(JSON.parse(event?.body ?? '{}')).toMatchObject({ data: { charge: { refundedAmount: 2.5, refunded: 2.5, status: 'partially_refunded' } } });
});

it('still finishes a job queued before marks named their job', async () => {
  await subscriptions(t.ctx).updateOne({ _id: billed.sub._id }, { $set: { pendingAction: 'cancel', pendingSince: t.ctx.now().toISOString() } });
  const job = await enqueueJob({ ctx: t.ctx, job: { appId: owner.appId, appUserId: billed.user._id, kind: 'cancel', platform: 'stripe', targetId: billed.sub._id } });
  expect(await runDueJobs({ ctx: t.ctx })).toBe(1);
  expect(await subscriptions(t.ctx).findOne({ _id: billed.sub._id })).toMatchObject({ status: 'canceled' });
  expect(await appUserJobs(t.ctx).findOne({ _id: job._id })).toMatchObject({ status: 'succeeded' });
  expect(await eventIds('subscription.cancelled')).toHaveLength(1);
});
