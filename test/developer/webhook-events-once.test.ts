// One event per fact (issue 19): every emission is idempotent on its cause, so a step that runs
// again announces nothing new and a receiver sees one webhook-id per fact. The job-driven
// events (subscription.cancelled, subscription.changed, charge.refunded) are re-run for real in
// test/app-users/job-events-once.test.ts; two instances in test/scale-out/events-once.test.ts.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { webhookTestEnv } from './webhooks-fixtures';
import type { Developer, Receiver } from './webhooks-fixtures';
import { signInAs } from '../helpers/developer';
import { buildEvent, emitEvent, eventIdOf } from '../../server/services/webhooks/emit-event';
import { collections } from '../../server/services/webhooks/model';
import { runDueDeliveries } from '../../server/services/webhooks/worker';
import { appUsers } from '../../server/services/developer/model';
import type { TestApp } from '../helpers/test-app';
import type { WebhookEventType } from '../../generated/client/types.gen';

interface Env {
  t: TestApp;
  dev: Developer;
}

const appPath = (dev: Developer, rest = ''): string => `/integrations/developer/apps/${dev.appId}${rest}`;

/** Publishes the app, lets a store owner install it, and answers the installation. */
async function installed({ t, dev }: Env) {
  await request(t.app).put(appPath(dev)).set('Cookie', dev.cookie).send({ status: 'published', endpoints: { authCallback: 'https://app.example/cb' } }).expect(200);
  const owner = await signInAs({ app: t.app, ctx: t.ctx, email: `owner-${randomUUID().slice(0, 8)}@shop.example`, developer: false });
  await owner.agent.post(`/api/apps/${dev.appId}/install`).send({ state: 's' }).expect(200);
  const installation = await appUsers(t.ctx).findOne({ appId: dev.appId, platformUserId: owner.userId });
  if (!installation?.installId) throw new Error('no installation');
  return { owner, installation: { ...installation, installId: installation.installId } };
}

/** Each product event made by its real action; answers the cause it is documented to have (docs/webhooks.md). */
const FACTS: [WebhookEventType, (env: Env) => Promise<string>][] = [
  ['app.installed', async (env) => (await installed(env)).installation.installId],
  [
    'app.uninstalled',
    async (env) => {
      const { owner, installation } = await installed(env);
      await owner.agent.delete(`/api/apps/${env.dev.appId}/install`).expect(200);
      return installation.installId;
    },
  ],
  [
    'app_user.updated',
    async (env) => {
      const { installation } = await installed(env);
      await request(env.t.app).put(appPath(env.dev, `/users/${installation._id}`)).set('Cookie', env.dev.cookie).send({ accountName: 'Renamed Store' }).expect(200);
      const user = await appUsers(env.t.ctx).findOne({ _id: installation._id });
      return JSON.stringify([installation._id, user?.updated, 'Renamed Store', installation.accountEmail]);
    },
  ],
  [
    'app_user.deleted',
    async (env) => {
      const { installation } = await installed(env);
      await request(env.t.app).delete(appPath(env.dev, `/users/${installation._id}`)).set('Cookie', env.dev.cookie).expect(200);
      return installation._id;
    },
  ],
];

describe('one event per fact', () => {
  const env = webhookTestEnv();
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = env.receiver;
    await request(env.t.app).post(appPath(env.dev, '/webhooks')).set('Cookie', env.dev.cookie).send({ url: receiver.url }).expect(201);
  });

  /** The webhook-ids the receiver got for this app's events of a type, in order of arrival. */
  const receivedIds = (type: WebhookEventType): string[] =>
    receiver.received.filter((r) => r.body.includes(`"type":"${type}"`) && r.body.includes(env.dev.appId)).map((r) => String(r.headers['webhook-id']));
  const eventsOf = (type: WebhookEventType) => collections(env.t.ctx.store).events.find({ appId: env.dev.appId, type });

  it.each(FACTS)('%s: one cause gives one message id, also when it is emitted again', async (type, act) => {
    const cause = await act(env);
    // The step that emitted it runs again (a retry, another instance): nothing new is announced.
    await emitEvent({ ctx: env.t.ctx, appId: env.dev.appId, type, cause, payload: { again: true } });
    await runDueDeliveries({ ctx: env.t.ctx });
    expect(await eventsOf(type)).toHaveLength(1);
    expect(receivedIds(type)).toHaveLength(1);
    // The id is the cause's, so any later emission of it would be recognised too.
    expect(receivedIds(type)).toEqual([eventIdOf({ appId: env.dev.appId, type, cause })]);
  });

  it('webhook.test: every Send test event is its own message, each delivered once', async () => {
    const [hook] = await collections(env.t.ctx.store).webhooks.find({ appId: env.dev.appId });
    for (let i = 0; i < 2; i++) await request(env.t.app).post(appPath(env.dev, `/webhooks/${hook?._id}/test`)).set('Cookie', env.dev.cookie).expect(200);
    await runDueDeliveries({ ctx: env.t.ctx });
    const ids = receivedIds('webhook.test');
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('queues one delivery per webhook when the same cause is emitted several times at once', async () => {
    const emit = () => emitEvent({ ctx: env.t.ctx, appId: env.dev.appId, type: 'charge.succeeded', cause: 'charge-1', payload: {} });
    await Promise.all([emit(), emit(), emit(), emit(), emit()]);
    expect(await collections(env.t.ctx.store).deliveries.count({ appId: env.dev.appId })).toBe(1);
    await runDueDeliveries({ ctx: env.t.ctx });
    expect(receivedIds('charge.succeeded')).toHaveLength(1);
  });

  it('completes an emission cut short after the event was stored, once the cause is emitted again', async () => {
    const input = { ctx: env.t.ctx, appId: env.dev.appId, type: 'subscription.created' as const, cause: 'sub-1', payload: { first: true } };
    // What a process that died between storing the event and queueing its deliveries leaves.
    await collections(env.t.ctx.store).events.insertOne(buildEvent(input));
    await emitEvent({ ...input, payload: { second: true } });
    await runDueDeliveries({ ctx: env.t.ctx });
    const got = receiver.received.filter((r) => r.body.includes('"type":"subscription.created"') && r.body.includes(env.dev.appId));
    expect(got).toHaveLength(1);
    // The stored body goes out: every attempt signs the same bytes.
    expect(JSON.parse(got[0]?.body ?? '{}')).toMatchObject({ data: { first: true } });
  });
});
