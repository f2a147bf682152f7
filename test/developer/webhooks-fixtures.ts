// Test fixtures for the webhooks area: a signed-in developer owning an app (written
// straight into the store, so these tests do not depend on the sign-up flow) and a real
// local HTTPS receiver with a self-signed certificate.
import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AppContext } from '../../server/context';
import { developers } from '../../server/services/developer/model';
import { createApp } from '../../server/services/developer/apps';
import { WEBHOOK_DELIVERIES, collections } from '../../server/services/webhooks/model';
import type { WebhookDoc } from '../../server/services/webhooks/model';
import { findOwnedApp } from '../../server/services/developer/owned-app';
import { webhookHooks } from '../../server/resources/hooks/webhooks';
import { RETRY_DELAYS_MS } from '../../server/services/webhooks/queue';
import { runDueDeliveries } from '../../server/services/webhooks/worker';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A session row plus the signed cookie express-session expects (s:<sid>.<hmac>). */
export async function sessionCookie({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<string> {
  const sid = randomUUID();
  const expires = new Date(Date.now() + 10 * YEAR_MS).toISOString();
  await ctx.store.collection('sessions').insertOne({
    _id: sid,
    userId,
    expiresAt: expires,
    data: { cookie: { originalMaxAge: YEAR_MS, expires, httpOnly: true, path: '/' }, userId },
  });
  const signature = createHmac('sha256', ctx.config.sessionSecret).update(sid).digest('base64').replace(/=+$/, '');
  return `nindo.sid=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

export interface Developer {
  userId: string;
  appId: string;
  email: string;
  cookie: string;
}

export async function developerWithApp({ ctx }: { ctx: AppContext }): Promise<Developer> {
  const userId = randomUUID();
  const email = `dev-${userId.slice(0, 8)}@example.com`;
  await developers(ctx).insertOne({ _id: randomUUID(), userId, name: 'Dev', email, isActive: true, created: ctx.now().toISOString() });
  const app = await createApp({ ctx, userId, input: { name: 'Hook app' } });
  return { userId, appId: app.appId, email, cookie: await sessionCookie({ ctx, userId }) };
}

/**
 * A webhook added as the API adds one (the declared resource's create with its hooks), for tests
 * that run a context with no HTTP app in front of it.
 */
export async function createWebhook({ ctx, userId, appId, url }: { ctx: AppContext; userId: string; appId: string; url: string }): Promise<{ id: string }> {
  await findOwnedApp({ ctx, userId, appId });
  const fields = await webhookHooks.beforeCreate?.({ ctx, scope: { appId }, body: { url } });
  const now = ctx.now().toISOString();
  const id = randomUUID();
  await collections(ctx.store).webhooks.insertOne({ _id: id, appId, created: now, updated: now, ...fields } as WebhookDoc);
  return { id };
}

export interface WebhookTestEnv {
  t: TestApp;
  receiver: Receiver;
  dev: Developer;
}

/**
 * One app and one receiver per test file (building the app is the slow part); every test
 * gets its own developer and app, a receiver answering 200, and leaves an empty queue.
 */
export function webhookTestEnv(): WebhookTestEnv {
  const env = {} as WebhookTestEnv;
  beforeAll(async () => {
    env.receiver = await startReceiver();
    env.t = await createTestApp({ webhooksAllowPrivate: true });
  });
  afterAll(async () => {
    await env.receiver.close();
    await env.t.close();
  });
  beforeEach(async () => {
    env.receiver.respond(() => ({ status: 200, body: 'ok' }));
    env.dev = await developerWithApp({ ctx: env.t.ctx });
  });
  afterEach(async () => {
    await env.t.ctx.store.collection(WEBHOOK_DELIVERIES).deleteMany({});
  });
  return env;
}

/** The item at `index`, or a failed test saying it is missing. */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`Nothing at index ${index} of ${list.length}`);
  return item;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** What the receiver answers next: status code (and body). */
  respond: (fn: (r: Received) => { status: number; body?: string; location?: string }) => void;
  close: () => Promise<void>;
}

let certificate: { key: Buffer; cert: Buffer } | undefined;

export function selfSigned(): { key: Buffer; cert: Buffer } {
  if (certificate) return certificate;
  const dir = tempDir('nindo-webhook-cert-');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=localhost',
  ], { stdio: 'ignore' });
  certificate = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  return certificate;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let responder: (r: Received) => { status: number; body?: string; location?: string } = () => ({ status: 200, body: 'ok' });
  const server = createServer(selfSigned(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      const answer = responder(r);
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hook`,
    received,
    respond: (fn) => {
      responder = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The delivery requests logged for a webhook, oldest first. */
export const requestsOf = (ctx: AppContext, webhookId: string) => collections(ctx.store).requests.find({ webhookId }, { sort: { created: 1 } });

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs the worker through the whole retry schedule of one failing delivery, checking nothing is
 * due a second before each retry and one delivery is a second later, and nothing after the last.
 */
export async function walkRetrySchedule(t: TestApp): Promise<void> {
  expect(await runDueDeliveries({ ctx: t.ctx })).toBe(1);
  for (const delay of RETRY_DELAYS_MS) {
    t.advance(delay - 1000);
    expect(await runDueDeliveries({ ctx: t.ctx })).toBe(0);
    t.advance(1000);
    expect(await runDueDeliveries({ ctx: t.ctx })).toBe(1);
  }
  t.advance(100 * HOUR_MS);
  expect(await runDueDeliveries({ ctx: t.ctx })).toBe(0);
}
