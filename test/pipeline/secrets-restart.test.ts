// With no key configured, the sealing key and the session secret are generated once and kept
// in the data folder, so a restart (a second app on the same SQLite file) reads everything.
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { readConfig } from '../../server/config';
import { emitEvent } from '../../server/services/webhooks/emit-event';
import { runDueDeliveries } from '../../server/services/webhooks/worker';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import { developerWithApp, nth, startReceiver } from '../developer/webhooks-fixtures';
import type { Receiver } from '../developer/webhooks-fixtures';

/** A fresh start of `npm start` on `dir`: the environment names only the SQLite file. */
const start = (dir: string): Promise<TestApp> =>
  createTestApp({ ...readConfig({ NODE_ENV: 'test', SQLITE_PATH: join(dir, 'nindo.sqlite') }), webhooksAllowPrivate: true });

describe('a restart with no configured key', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('keeps app secrets, integrations, webhook secrets, deliveries and sessions readable', async () => {
    const dir = tempDir('nindo-restart-');
    const first = await start(dir);
    const dev = await developerWithApp({ ctx: first.ctx });
    const appPath = `/integrations/developer/apps/${dev.appId}`;
    const app = await request(first.app).get(appPath).set('Cookie', dev.cookie).expect(200);
    await request(first.app)
      .put(`${appPath}/integrations/stripe`)
      .set('Cookie', dev.cookie)
      .send({ platformAppKeys: { publishableKey: 'pk_test_1', secretKey: 'sk_test_1' }, isActive: true })
      .expect(200);
    const hook = await request(first.app).post(`${appPath}/webhooks`).set('Cookie', dev.cookie).send({ url: receiver.url }).expect(201);
    const hookPath = `${appPath}/webhooks/${hook.body.data.id as string}`;
    const secret = (await request(first.app).get(`${hookPath}/secret`).set('Cookie', dev.cookie).expect(200)).body.data.secret as string;
    await first.close();

    const second = await start(dir);
    try {
      // The session cookie of the first start still signs in.
      const again = await request(second.app).get(appPath).set('Cookie', dev.cookie).expect(200);
      expect(again.body.data.secretKey).toBe(app.body.data.secretKey);
      const integrations = await request(second.app).get(`${appPath}/integrations`).set('Cookie', dev.cookie).expect(200);
      expect(JSON.stringify(integrations.body.data)).toContain('pk_test_1');
      expect((await request(second.app).get(`${hookPath}/secret`).set('Cookie', dev.cookie).expect(200)).body.data.secret).toBe(secret);

      const before = receiver.received.length;
      await emitEvent({ ctx: second.ctx, appId: dev.appId, type: 'app.installed', cause: randomUUID(), payload: {} });
      await runDueDeliveries({ ctx: second.ctx });
      const got = nth(receiver.received, before);
      expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ type: 'app.installed' });
    } finally {
      await second.close();
    }
  });

  it('keeps the generated key and session secret in the data folder, readable by the owner only', () => {
    const dir = tempDir('nindo-keys-');
    const config = readConfig({ NODE_ENV: 'test', SQLITE_PATH: join(dir, 'nindo.sqlite') });
    for (const [file, value] of [
      ['encryption.key', config.encryptionKey],
      ['session.secret', config.sessionSecret],
    ]) {
      expect(readFileSync(join(dir, file), 'utf8').trim()).toBe(value);
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    }
    expect(config.encryptionKey).not.toBe(config.sessionSecret);
    expect(readConfig({ NODE_ENV: 'test', DATA_DIR: dir, SQLITE_PATH: '/elsewhere/x.sqlite' }).encryptionKey).toBe(config.encryptionKey);
  });
});
