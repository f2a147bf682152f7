// The scale-out claim: two server processes on one MongoDB database act as one service. A
// login made on one is valid on the other, and with both processes' workers running every
// queued webhook delivery and every queued mail goes out exactly once (the claims are leases
// in the shared store). Runs only where MONGODB_URI is set (npm run test:mongo).
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import type { Store } from '../../server/storage/port';
import { sendMail } from '../../server/services/mail/send-mail';
import { OUTBOX } from '../../server/services/mail/outbox';
import { emitEvent } from '../../server/services/webhooks/emit-event';
import { WEBHOOK_DELIVERIES } from '../../server/services/webhooks/model';
import { startSmtpSink } from '../fixtures/smtp-sink';
import { createWebhook, developerWithApp, startReceiver } from '../developer/webhooks-fixtures';
import type { Receiver } from '../developer/webhooks-fixtures';
import { CAPTCHA, STRONG_PASSWORD, sessionCookie } from '../helpers/accounts';
import { dropDatabase } from '../helpers/test-app';
import { startServerProcess, waitFor } from './server-processes';
import type { ServerProcess } from './server-processes';

const uri = process.env.MONGODB_URI;
const describeScaleOut = uri ? describe : describe.skip;
if (!uri) console.warn('scale-out test: MONGODB_URI is not set, so it is skipped (npm run test:mongo runs it on FerretDB).');

const QUEUED = 40;
/** Longer than both workers' idle polls (webhooks 0.5 s, mail 2 s), so a late second copy would have arrived. */
const SETTLE_MS = 3000;

/** How many times each key occurs. */
const tally = (keys: string[]): Map<string, number> => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
/** The keys that did not occur exactly once, with their counts. */
const notOnce = (counts: Map<string, number>): [string, number][] => [...counts].filter(([, n]) => n !== 1);

describeScaleOut('two server processes on one MongoDB database', () => {
  const dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
  const secret = `scale-out-${randomUUID()}`;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let receiver: Receiver;
  let servers: ServerProcess[] = [];
  let store: Store;
  let ctx: AppContext;

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = await startReceiver();
    const env = { MONGODB_URI: uri ?? '', MONGODB_DB: dbName, SESSION_SECRET: secret, SMTP_URL: sink.url, WEBHOOKS_ALLOW_PRIVATE: 'true' };
    servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    // The test's own connection queues work as a third instance would, without workers.
    store = await openMongoStore({ uri: uri ?? '', dbName });
    ctx = { config: readConfig({ ...env, NODE_ENV: 'test' }), store, now: () => new Date() };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await store?.close();
    if (uri) await dropDatabase({ uri, name: dbName });
    await receiver?.close();
    await sink?.close();
  });

  it('accepts on one process the login cookie made on the other', async () => {
    const [a, b] = servers;
    const email = `scale-${randomUUID().slice(0, 8)}@example.com`;
    const signup = await request(a.url).post('/api/user/register').send({ username: email, fullName: 'Ada', password: STRONG_PASSWORD, captchaToken: CAPTCHA });
    expect(signup.status).toBe(201);
    const loggedIn = await request(a.url).post('/api/user/login').send({ username: email, password: STRONG_PASSWORD, captchaToken: CAPTCHA });
    const cookie = sessionCookie(loggedIn);
    expect(cookie).toBeDefined();

    const onB = await request(b.url).get('/api/user/session').set('Cookie', cookie ?? '');
    expect(onB.status).toBe(200);
    expect(onB.body.data).toMatchObject({ email });
    const stranger = await request(b.url).get('/api/user/session');
    expect(stranger.body.data).toBeNull();
  });

  it.each([
    ['wrong', 'a wrong password', { 401: 5, 429: 15 }],
    ['right', STRONG_PASSWORD, { 200: 20 }],
  ])('counts login failures once across both processes: 20 parallel %s passwords', async (_label, password, expected) => {
    const [a, b] = servers;
    const email = `limits-${randomUUID().slice(0, 8)}@example.com`;
    expect((await request(a.url).post('/api/user/register').send({ username: email, fullName: 'Ada', password: STRONG_PASSWORD, captchaToken: CAPTCHA })).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request((i % 2 ? a : b).url).post('/api/user/login').send({ username: email, password, captchaToken: CAPTCHA })),
    );
    expect(Object.fromEntries(tally(answers.map((res) => String(res.status))))).toEqual(expected);
  });

  it('delivers each queued webhook delivery exactly once with both workers running', async () => {
    const dev = await developerWithApp({ ctx });
    await createWebhook({ ctx, userId: dev.userId, appId: dev.appId, url: receiver.url });
    for (let i = 0; i < QUEUED; i++) await emitEvent({ ctx, appId: dev.appId, type: 'charge.succeeded', cause: randomUUID(), payload: { i } });

    await waitFor(async () => (await store.collection(WEBHOOK_DELIVERIES).count({})) === 0);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const perId = tally(receiver.received.map((r) => String(r.headers['webhook-id'])));
    expect(perId.size).toBe(QUEUED);
    expect(notOnce(perId)).toEqual([]);
  }, 120_000);

  it('sends each queued mail exactly once with both workers running', async () => {
    const run = randomUUID().slice(0, 8);
    for (let i = 0; i < QUEUED; i++) await sendMail({ ctx, to: `reader${i}@example.com`, subject: `scale-out ${run} #${i}`, text: 'hello', html: '<p>hello</p>' });

    await waitFor(async () => (await store.collection(OUTBOX).count({ subject: { $regex: run }, status: 'pending' })) === 0);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const subjects = sink.received.map((m) => new RegExp(`Subject: (scale-out ${run} #\\d+)`).exec(m.raw)?.[1]).filter((s): s is string => s !== undefined);
    const perSubject = tally(subjects);
    expect(perSubject.size).toBe(QUEUED);
    expect(notOnce(perSubject)).toEqual([]);
  }, 120_000);
});
