import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import { developerWithApp, nth, requestsOf, startReceiver, walkRetrySchedule, webhookTestEnv } from './webhooks-fixtures';
import type { Developer, Received, Receiver } from './webhooks-fixtures';
import { emitEvent } from '../../server/services/webhooks/emit-event';
import { runDueDeliveries, startWebhookWorker } from '../../server/services/webhooks/worker';
import { RETRY_DELAYS_MS } from '../../server/services/webhooks/queue';
import { collections } from '../../server/services/webhooks/model';
import { deleteAppData } from '../../server/services/developer/app-data';
import type { AppContext } from '../../server/context';

const HOUR = 60 * 60 * 1000;

async function addWebhook({ t, dev, url }: { t: TestApp; dev: Developer; url: string }): Promise<{ id: string; secret: string }> {
  const base = `/integrations/developer/apps/${dev.appId}/webhooks`;
  const created = await request(t.app).post(base).set('Cookie', dev.cookie).send({ url }).expect(201);
  const id = created.body.data.id as string;
  const secret = await request(t.app).get(`${base}/${id}/secret`).set('Cookie', dev.cookie).expect(200);
  return { id, secret: secret.body.data.secret as string };
}

const deliveriesOf = (ctx: AppContext, webhookId: string) => collections(ctx.store).deliveries.find({ webhookId });

/** Standard Webhooks' verify checks the timestamp against the wall clock; the test's clock may have moved. */
function verifyAt({ secret, got, at }: { secret: string; got: Received; at: Date }): unknown {
  const clock = jest.spyOn(Date, 'now').mockReturnValue(at.getTime());
  try {
    return new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
  } finally {
    clock.mockRestore();
  }
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('webhook delivery', () => {
  const env = webhookTestEnv();
  let t: TestApp;
  let dev: Developer;
  let receiver: Receiver;
  beforeEach(() => {
    ({ t, dev, receiver } = env);
  });

  it('delivers an event signed by the Standard Webhooks scheme', async () => {
    const hook = await addWebhook({ t, dev, url: receiver.url });
    const before = receiver.received.length;
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.installed', cause: randomUUID(), payload: { appUserId: 'u1', platform: 'nindo' } });
    expect(await runDueDeliveries({ ctx: t.ctx })).toBe(1);
    const got = nth(receiver.received, before);
    const verified = verifyAt({ secret: hook.secret, got, at: t.ctx.now() });
    expect(verified).toMatchObject({ type: 'app.installed', appId: dev.appId, data: { appUserId: 'u1', platform: 'nindo' } });
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(() => verifyAt({ secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`, got, at: t.ctx.now() })).toThrow('No matching signature found');
    expect(await deliveriesOf(t.ctx, hook.id)).toEqual([]);
    expect(await requestsOf(t.ctx, hook.id)).toMatchObject([{ status: 'succeeded', attempt: 1 }]);
  });

  it('fans an event out to every active webhook and skips inactive ones', async () => {
    const a = await addWebhook({ t, dev, url: `${receiver.url}/a` });
    const b = await addWebhook({ t, dev, url: `${receiver.url}/b` });
    const off = await addWebhook({ t, dev, url: `${receiver.url}/off` });
    await request(t.app).put(`/integrations/developer/apps/${dev.appId}/webhooks/${off.id}`).set('Cookie', dev.cookie).send({ status: 'inactive' }).expect(200);
    const other = await developerWithApp({ ctx: t.ctx });
    await addWebhook({ t, dev: other, url: `${receiver.url}/other` });
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'charge.succeeded', cause: randomUUID(), payload: { amount: 9 } });
    expect(await runDueDeliveries({ ctx: t.ctx })).toBe(2);
    expect((await requestsOf(t.ctx, a.id)).length).toBe(1);
    expect((await requestsOf(t.ctx, b.id)).length).toBe(1);
    expect((await requestsOf(t.ctx, off.id)).length).toBe(0);
  });

  it("removes all of an app's webhook data when the app goes", async () => {
    receiver.respond(() => ({ status: 500 }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    const other = await developerWithApp({ ctx: t.ctx });
    const kept = await addWebhook({ t, dev: other, url: receiver.url });
    for (const appId of [dev.appId, other.appId]) await emitEvent({ ctx: t.ctx, appId, type: 'app.installed', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    await deleteAppData({ ctx: t.ctx, appId: dev.appId });
    const { webhooks, events } = collections(t.ctx.store);
    expect(await webhooks.count({ appId: dev.appId })).toBe(0);
    expect(await events.count({ appId: dev.appId })).toBe(0);
    expect(await requestsOf(t.ctx, hook.id)).toEqual([]);
    expect(await deliveriesOf(t.ctx, hook.id)).toEqual([]);
    expect(await requestsOf(t.ctx, kept.id)).toHaveLength(1);
    expect(await deliveriesOf(t.ctx, kept.id)).toHaveLength(1);
  });

  it('stores nothing for an app without webhooks', async () => {
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.uninstalled', cause: randomUUID(), payload: {} });
    expect(await collections(t.ctx.store).events.count({ appId: dev.appId })).toBe(0);
  });

  it('retries a failing endpoint at 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', async () => {
    receiver.respond(() => ({ status: 500, body: 'down' }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'subscription.created', cause: randomUUID(), payload: {} });
    await walkRetrySchedule(t);
    const attempts = await requestsOf(t.ctx, hook.id);
    expect(attempts.map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(attempts.every((r) => r.status === 'failed' && r.response.statusCode === 500 && r.response.body === 'down')).toBe(true);
    expect(new Set(attempts.map((r) => r.request.headers['webhook-id'])).size).toBe(1);
    expect(await deliveriesOf(t.ctx, hook.id)).toEqual([]);
  });

  it('succeeds on a retry after a 500 and clears the failing mark', async () => {
    let calls = 0;
    receiver.respond(() => ({ status: calls++ === 0 ? 500 : 204 }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app_user.updated', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    expect((await collections(t.ctx.store).webhooks.findOne({ _id: hook.id }))?.firstFailureAt).toBeDefined();
    t.advance(5000);
    await runDueDeliveries({ ctx: t.ctx });
    expect((await requestsOf(t.ctx, hook.id)).map((r) => r.status)).toEqual(['failed', 'succeeded']);
    expect(await deliveriesOf(t.ctx, hook.id)).toEqual([]);
    expect((await collections(t.ctx.store).webhooks.findOne({ _id: hook.id }))?.firstFailureAt).toBeUndefined();
  });

  it('counts a redirect as a failed attempt', async () => {
    receiver.respond(() => ({ status: 301, location: 'https://example.com/' }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'charge.refunded', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    const [attempt] = await requestsOf(t.ctx, hook.id);
    expect(attempt).toMatchObject({ status: 'failed', response: { statusCode: 301 } });
    expect((await deliveriesOf(t.ctx, hook.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('records an unreachable endpoint with no status code', async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const hook = await addWebhook({ t, dev, url });
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.installed', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    const [attempt] = await requestsOf(t.ctx, hook.id);
    expect(attempt?.response.statusCode).toBeNull();
    expect(attempt?.response.status).toMatch(/ECONNREFUSED/);
  });

  it('signs with both secrets during a rotation and with the new one only after 24 hours', async () => {
    const hook = await addWebhook({ t, dev, url: receiver.url });
    const base = `/integrations/developer/apps/${dev.appId}/webhooks/${hook.id}`;
    const rotated = await request(t.app).post(`${base}/secret/rotate`).set('Cookie', dev.cookie).expect(200);
    const fresh = rotated.body.data.secret as string;
    const before = receiver.received.length;
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'subscription.changed', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    const got = nth(receiver.received, before);
    expect((got.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verifyAt({ secret: hook.secret, got, at: t.ctx.now() })).toMatchObject({ type: 'subscription.changed' });
    expect(verifyAt({ secret: fresh, got, at: t.ctx.now() })).toMatchObject({ type: 'subscription.changed' });
    t.advance(24 * HOUR + 1000);
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'subscription.cancelled', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    const later = nth(receiver.received, before + 1);
    expect((later.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(verifyAt({ secret: fresh, got: later, at: t.ctx.now() })).toMatchObject({ type: 'subscription.cancelled' });
    expect(() => verifyAt({ secret: hook.secret, got: later, at: t.ctx.now() })).toThrow('No matching signature found');
  });

  it('sends a test event once, also to an inactive webhook, without retries', async () => {
    receiver.respond(() => ({ status: 503 }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    const base = `/integrations/developer/apps/${dev.appId}/webhooks/${hook.id}`;
    await request(t.app).put(base).set('Cookie', dev.cookie).send({ status: 'inactive' }).expect(200);
    const res = await request(t.app).post(`${base}/test`).set('Cookie', dev.cookie).expect(200);
    expect(res.body).toMatchObject({ message: 'Test event sent', data: { type: 'webhook.test', status: 'pending' } });
    await runDueDeliveries({ ctx: t.ctx });
    t.advance(100 * HOUR);
    await runDueDeliveries({ ctx: t.ctx });
    expect((await requestsOf(t.ctx, hook.id)).map((r) => r.type)).toEqual(['webhook.test']);
    expect(await deliveriesOf(t.ctx, hook.id)).toEqual([]);
  });

  it('cancels pending retries once the webhook is switched off', async () => {
    receiver.respond(() => ({ status: 500 }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.installed', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    await request(t.app).put(`/integrations/developer/apps/${dev.appId}/webhooks/${hook.id}`).set('Cookie', dev.cookie).send({ status: 'inactive' }).expect(200);
    t.advance(5000);
    await runDueDeliveries({ ctx: t.ctx });
    expect(await requestsOf(t.ctx, hook.id)).toHaveLength(1);
    expect(await deliveriesOf(t.ctx, hook.id)).toEqual([]);
  });

  it('switches off an endpoint failing for 5 days and e-mails its developer', async () => {
    receiver.respond(() => ({ status: 500 }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    const status = async () => (await collections(t.ctx.store).webhooks.findOne({ _id: hook.id }))?.status;
    for (let hours = 0; hours < 5 * 24; hours += 12) {
      await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app_user.updated', cause: randomUUID(), payload: { hours } });
      await runDueDeliveries({ ctx: t.ctx });
      expect(await status()).toBe('active');
      t.advance(12 * HOUR);
    }
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app_user.updated', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: t.ctx });
    expect(await status()).toBe('inactive');
    const mails = await t.ctx.store.collection('outbox').find({ to: dev.email });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'A webhook was disabled' });
    expect(String(mails[0]?.text)).toContain(receiver.url);
    // Switching it back on starts a fresh window.
    const back = await request(t.app).put(`/integrations/developer/apps/${dev.appId}/webhooks/${hook.id}`).set('Cookie', dev.cookie).send({ status: 'active' }).expect(200);
    expect(back.body.data.failingSince).toBeUndefined();
  });

  it('does not switch off an endpoint that succeeded in between', async () => {
    let fail = true;
    receiver.respond(() => ({ status: fail ? 500 : 200 }));
    const hook = await addWebhook({ t, dev, url: receiver.url });
    for (let hours = 0; hours <= 6 * 24; hours += 12) {
      fail = hours !== 72;
      await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app_user.deleted', cause: randomUUID(), payload: {} });
      await runDueDeliveries({ ctx: t.ctx });
      t.advance(12 * HOUR);
    }
    expect((await collections(t.ctx.store).webhooks.findOne({ _id: hook.id }))?.status).toBe('active');
  });

  it('never delivers one attempt twice when two instances work the same queue', async () => {
    const hook = await addWebhook({ t, dev, url: receiver.url });
    const before = receiver.received.length;
    for (let i = 0; i < 40; i++) await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'charge.succeeded', cause: randomUUID(), payload: { i } });
    const second: AppContext = { ...t.ctx };
    const [a, b] = await Promise.all([runDueDeliveries({ ctx: t.ctx }), runDueDeliveries({ ctx: second })]);
    expect(a + b).toBe(40);
    const ids = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect((await requestsOf(t.ctx, hook.id)).length).toBe(40);
  });

  it('delivers a pending retry after a restart', async () => {
    const file = join(tempDir('nindo-webhooks-'), 'store.sqlite');
    const first = await createTestApp({ webhooksAllowPrivate: true, sqlitePath: file });
    const owner = await developerWithApp({ ctx: first.ctx });
    receiver.respond(() => ({ status: 500 }));
    const hook = await addWebhook({ t: first, dev: owner, url: receiver.url });
    await emitEvent({ ctx: first.ctx, appId: owner.appId, type: 'app.installed', cause: randomUUID(), payload: {} });
    await runDueDeliveries({ ctx: first.ctx });
    await first.close();

    receiver.respond(() => ({ status: 200 }));
    const second = await createTestApp({ webhooksAllowPrivate: true, sqlitePath: file });
    second.advance(nth(RETRY_DELAYS_MS, 0));
    const stop = startWebhookWorker(second.ctx);
    try {
      await waitFor(async () => (await requestsOf(second.ctx, hook.id)).length === 2);
    } finally {
      await stop();
    }
    expect((await requestsOf(second.ctx, hook.id)).map((r) => r.status)).toEqual(['failed', 'succeeded']);
    await second.close();
  });

  it('delivers promptly from the running worker when an event is emitted', async () => {
    const hook = await addWebhook({ t, dev, url: receiver.url });
    const stop = startWebhookWorker(t.ctx);
    try {
      await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.installed', cause: randomUUID(), payload: {} });
      await waitFor(async () => (await requestsOf(t.ctx, hook.id)).length === 1, 2000);
    } finally {
      await stop();
    }
  });
});
