// Every attempt is logged and follows the retry schedule, whatever ends it: an attempt that
// throws before any HTTP answer (a secret that cannot be opened) as much as a refused connection.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { sealSecret } from '../../server/services/crypto/secret-box';
import { emitEvent } from '../../server/services/webhooks/emit-event';
import { collections } from '../../server/services/webhooks/model';
import { RETRY_DELAYS_MS } from '../../server/services/webhooks/queue';
import { startWebhookWorker } from '../../server/services/webhooks/worker';
import type { TestApp } from '../helpers/test-app';
import { requestsOf, startReceiver, walkRetrySchedule, webhookTestEnv } from './webhooks-fixtures';
import type { Developer } from './webhooks-fixtures';

async function addWebhook({ t, dev, url }: { t: TestApp; dev: Developer; url: string }): Promise<string> {
  const created = await request(t.app).post(`/integrations/developer/apps/${dev.appId}/webhooks`).set('Cookie', dev.cookie).send({ url }).expect(201);
  return created.body.data.id as string;
}

/** Sealed under a key this instance does not have, as after losing the encryption key. */
const sealedElsewhere = (): string => sealSecret({ key: 'a key this instance never had', plaintext: 'whsec_AAAA' });

async function refusingUrl(): Promise<string> {
  const closed = await startReceiver();
  await closed.close();
  return closed.url;
}


describe('failed webhook attempts', () => {
  const env = webhookTestEnv();

  const scenarios: [string, (env: { t: TestApp; dev: Developer; url: string }) => Promise<string>, RegExp][] = [
    [
      'a secret that cannot be opened',
      async ({ t, dev, url }) => {
        const id = await addWebhook({ t, dev, url });
        await collections(t.ctx.store).webhooks.updateOne({ _id: id }, { $set: { secret: sealedElsewhere() } });
        return id;
      },
      /^Not sent: the signing secret could not be opened/,
    ],
    ['a receiver that refuses the connection', async ({ t, dev }) => addWebhook({ t, dev, url: await refusingUrl() }), /ECONNREFUSED/],
  ];

  it.each(scenarios)('logs every attempt against %s, retries on schedule and gives up after the last', async (_name, setUp, status) => {
    const { t, dev } = env;
    const id = await setUp({ t, dev, url: env.receiver.url });
    await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.installed', cause: randomUUID(), payload: {} });
    await walkRetrySchedule(t);
    const attempts = await requestsOf(t.ctx, id);
    expect(attempts.map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ status: 'failed', response: { statusCode: null } });
      expect(attempt.response.status).toMatch(status);
    }
    expect(await collections(t.ctx.store).deliveries.find({ webhookId: id })).toEqual([]);
    expect((await collections(t.ctx.store).webhooks.findOne({ _id: id }))?.firstFailureAt).toBeDefined();
  });

  it('logs an attempt that throws from the running worker too, and schedules its retry', async () => {
    const { t, dev } = env;
    const id = await scenarios[0][1]({ t, dev, url: env.receiver.url });
    const stop = startWebhookWorker(t.ctx);
    try {
      await emitEvent({ ctx: t.ctx, appId: dev.appId, type: 'app.installed', cause: randomUUID(), payload: {} });
      const until = Date.now() + 5000;
      while ((await requestsOf(t.ctx, id)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await stop();
    }
    expect(await requestsOf(t.ctx, id)).toMatchObject([{ status: 'failed', attempt: 1 }]);
    const [pending] = await collections(t.ctx.store).deliveries.find({ webhookId: id });
    expect(pending?.leaseId).toBeUndefined();
    expect(new Date(pending?.nextAttemptAt ?? 0).getTime() - t.ctx.now().getTime()).toBe(RETRY_DELAYS_MS[0]);
  });
});
