// Rotating ENCRYPTION_KEY: previous keys open what they sealed, the rotation pass re-seals it
// with the current key, after which the previous keys can go.
import { join } from 'node:path';
import request from 'supertest';
import { readConfig } from '../../server/config';
import { open, seal } from '../../server/services/crypto/keyring';
import { resealStoredSecrets } from '../../server/services/crypto/reseal-stored-secrets';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import { developerWithApp } from '../developer/webhooks-fixtures';
import type { Developer } from '../developer/webhooks-fixtures';
import { log } from '../../server/observability/log';

const start = ({ file, key, previous }: { file: string; key: string; previous?: string }): Promise<TestApp> =>
  createTestApp({
    ...readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'session', SQLITE_PATH: file, ENCRYPTION_KEY: key, ENCRYPTION_KEYS_PREVIOUS: previous }),
    webhooksAllowPrivate: true,
  });

interface Stored {
  app: string;
  webhookSecret: string;
}

async function readSecrets({ t, dev, webhookId }: { t: TestApp; dev: Developer; webhookId: string }): Promise<{ status: number; stored?: Stored }> {
  const appPath = `/integrations/developer/apps/${dev.appId}`;
  const app = await request(t.app).get(appPath).set('Cookie', dev.cookie);
  if (app.status !== 200) return { status: app.status };
  const hook = await request(t.app).get(`${appPath}/webhooks/${webhookId}/secret`).set('Cookie', dev.cookie).expect(200);
  await request(t.app).get(`${appPath}/integrations`).set('Cookie', dev.cookie).expect(200);
  return { status: 200, stored: { app: app.body.data.secretKey as string, webhookSecret: hook.body.data.secret as string } };
}

describe('encryption key rotation', () => {
  it('opens old secrets with a previous key, re-seals them, and then needs only the new key', async () => {
    const file = join(tempDir('nindo-rotate-'), 'nindo.sqlite');
    const first = await start({ file, key: 'key-one' });
    const dev = await developerWithApp({ ctx: first.ctx });
    const appPath = `/integrations/developer/apps/${dev.appId}`;
    await request(first.app).put(`${appPath}/integrations/stripe`).set('Cookie', dev.cookie).send({ platformAppKeys: { publishableKey: 'pk_1', secretKey: 'sk_1' }, isActive: true }).expect(200);
    const webhookId = (await request(first.app).post(`${appPath}/webhooks`).set('Cookie', dev.cookie).send({ url: 'https://hooks.example/in' }).expect(201)).body.data.id as string;
    await first.ctx.store.collection('users').insertOne({ _id: 'mfa-user', email: 'mfa@example.com', mfa: { secretEnc: seal({ keys: first.ctx.config, plaintext: 'JBSWY3DP' }), enabled: true } });
    const before = await readSecrets({ t: first, dev, webhookId });
    await first.close();

    const newKeyOnly = await start({ file, key: 'key-two' });
    const quiet = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    expect((await readSecrets({ t: newKeyOnly, dev, webhookId })).status).toBe(500);
    quiet.mockRestore();
    await newKeyOnly.close();

    const rotating = await start({ file, key: 'key-two', previous: ' key-zero , key-one ,' });
    expect(rotating.ctx.config.previousEncryptionKeys).toEqual(['key-zero', 'key-one']);
    expect(await readSecrets({ t: rotating, dev, webhookId })).toEqual(before);
    expect(await resealStoredSecrets({ ctx: rotating.ctx })).toEqual({ resealed: 4, unreadable: [] });
    expect(await resealStoredSecrets({ ctx: rotating.ctx })).toEqual({ resealed: 0, unreadable: [] });
    await rotating.close();

    const rotated = await start({ file, key: 'key-two' });
    try {
      expect(await readSecrets({ t: rotated, dev, webhookId })).toEqual(before);
      const user = await rotated.ctx.store.collection('users').findOne({ _id: 'mfa-user' });
      expect(open({ keys: rotated.ctx.config, sealed: (user?.mfa as { secretEnc: string }).secretEnc })).toBe('JBSWY3DP');
    } finally {
      await rotated.close();
    }
  });

  it('reports secrets that no configured key opens, and leaves them as they are', async () => {
    const t = await start({ file: ':memory:', key: 'key-two', previous: 'key-one' });
    try {
      const lost = seal({ keys: { encryptionKey: 'a key nobody has', previousEncryptionKeys: [] }, plaintext: 'sk_lost' });
      await t.ctx.store.collection('apps').insertOne({ _id: 'lost-app', secretKey: lost });
      expect(await resealStoredSecrets({ ctx: t.ctx })).toEqual({ resealed: 0, unreadable: [{ collection: 'apps', path: 'secretKey', id: 'lost-app' }] });
      expect((await t.ctx.store.collection('apps').findOne({ _id: 'lost-app' }))?.secretKey).toBe(lost);
    } finally {
      await t.close();
    }
  });
});

describe('secrets in the configuration', () => {
  const dataDir = () => tempDir('nindo-config-');

  it.each([
    ['production', { NODE_ENV: 'production' }, 'SESSION_SECRET must be set in production'],
    ['a shared MongoDB store', { MONGODB_URI: 'mongodb://db.example/' }, 'SESSION_SECRET must be set with MONGODB_URI'],
  ])('refuses to start without SESSION_SECRET on %s', (_case, env, message) => {
    expect(() => readConfig({ ...env, DATA_DIR: dataDir() })).toThrow(message);
  });

  it.each([
    ['ENCRYPTION_KEY when it is set', { SESSION_SECRET: 's', ENCRYPTION_KEY: 'k' }, 'k'],
    ['SESSION_SECRET without ENCRYPTION_KEY (it sealed everything before ENCRYPTION_KEY existed)', { SESSION_SECRET: 's' }, 's'],
  ])('seals with %s', (_case, env, key) => {
    expect(readConfig({ ...env, DATA_DIR: dataDir() }).encryptionKey).toBe(key);
  });
});
