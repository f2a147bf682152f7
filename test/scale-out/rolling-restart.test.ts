// Graceful restarts (issue 22 item 5): two server processes on one MongoDB database (FerretDB)
// answer public data API calls through a small balancer while one of them is restarted with
// SIGTERM. No call fails; the deliveries the stopped instance was sending are finished by it; one
// it could not finish in time (its receiver hangs) is handed back and sent by the other instance
// at once, not after its 60 s lease. Runs only where MONGODB_URI is set (npm run test:mongo).
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import type { Store } from '../../server/storage/port';
import { createApp } from '../../server/services/developer/apps';
import { createDatabase } from '../../server/services/database/databases';
import { createCollection } from '../../server/services/database/collections';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { emitEvent } from '../../server/services/webhooks/emit-event';
import { LEASE_MS } from '../../server/services/webhooks/queue';
import { WEBHOOK_DELIVERIES } from '../../server/services/webhooks/model';
import { createWebhook, developerWithApp, selfSigned } from '../developer/webhooks-fixtures';
import { dropDatabase } from '../helpers/test-app';
import { startServerProcess, waitFor } from './server-processes';
import type { ServerProcess } from './server-processes';

const uri = process.env.MONGODB_URI;
const describeScaleOut = uri ? describe : describe.skip;

const SHUTDOWN_TIMEOUT_MS = 6000;
/** What the receiver takes to answer a delivery: the stopping instance has attempts in flight. */
const ANSWER_MS = 1500;
/** The receiver's first answer to the stuck delivery: longer than the stopping instance waits. */
const STUCK_MS = 30_000;
const CLIENTS = 4;
const REGULAR_EVENTS = 24;

interface Arrival {
  id: string;
  at: number;
}

/** A webhook receiver that answers after ANSWER_MS, and the first time a "stuck" event arrives after STUCK_MS. */
async function slowReceiver(): Promise<{ url: string; arrivals: Arrival[]; server: Server }> {
  const arrivals: Arrival[] = [];
  const server = createServer(selfSigned(), (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const first = !arrivals.some((arrival) => arrival.id === id);
      arrivals.push({ id, at: performance.now() });
      setTimeout(() => res.end('ok'), body.includes('"stuck":true') && first ? STUCK_MS : ANSWER_MS).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, arrivals, server };
}

interface DataApp {
  documents: string;
  authorization: string;
}

async function dataApp(ctx: AppContext): Promise<DataApp> {
  const dev = await developerWithApp({ ctx });
  const app = await createApp({ ctx, userId: dev.userId, input: { name: 'Restart app' } });
  await createDatabase({ ctx, appId: app.appId });
  await createCollection({ ctx, appId: app.appId, name: 'notes' });
  await saveCollectionSchema({ ctx, appId: app.appId, name: 'notes', input: { attributes: [{ displayName: 'Text', name: 'text', type: 'text', validation: { required: true } }] } });
  return { documents: `/api/v1/data/${app.appId}/collections/notes/documents`, authorization: `Basic ${Buffer.from(`${app.appId}:${app.secretKey}`).toString('base64')}` };
}

type Failure = { error: string } | { status: number };

/**
 * A load balancer's part: calls go round the live instances on keep-alive connections; a call
 * is sent elsewhere only when nothing of it can have been handled (the connection was refused,
 * or a reused idle connection was closed under it), as nginx or a cloud balancer would.
 */
function balancer(instances: ServerProcess[]) {
  const agents = new Map<string, Agent>();
  const agentOf = (url: string): Agent => agents.get(url) ?? agents.set(url, new Agent({ keepAlive: true })).get(url) ?? new Agent();
  let turn = 0;
  const once = (url: string, input: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<number> =>
    new Promise((resolve, reject) => {
      const req = request(`${url}${input.path}`, { method: input.method, headers: input.headers, agent: agentOf(url) }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', (err: NodeJS.ErrnoException) => reject(Object.assign(err, { safeToResend: err.code === 'ECONNREFUSED' || (err.code === 'ECONNRESET' && req.reusedSocket) })));
      req.end(input.body);
    });
  return {
    call: async (input: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<Failure | null> => {
      // Each call starts at the next instance and goes round all of them (twice) from there.
      const start = turn++;
      const tried: string[] = [];
      for (let tries = 0; tries < 2 * instances.length; tries += 1) {
        const url = instances[(start + tries) % instances.length].url;
        try {
          const status = await once(url, input);
          return status >= 200 && status < 300 ? null : { status };
        } catch (err) {
          if (!(err as { safeToResend?: boolean }).safeToResend) return { error: String(err) };
          tried.push(`${url}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
        }
      }
      return { error: `no instance answered (${tried.join(', ')})` };
    },
    close: () => agents.forEach((agent) => agent.destroy()),
  };
}

describeScaleOut('a rolling restart of one of two instances under load', () => {
  const dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
  const env = { MONGODB_URI: uri ?? '', MONGODB_DB: dbName, SESSION_SECRET: `rolling-${randomUUID()}`, WEBHOOKS_ALLOW_PRIVATE: 'true', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };
  const running: ServerProcess[] = [];
  let store: Store;
  let ctx: AppContext;
  let receiver: Awaited<ReturnType<typeof slowReceiver>>;

  beforeAll(async () => {
    store = await openMongoStore({ uri: uri ?? '', dbName });
    ctx = { config: readConfig({ ...env, NODE_ENV: 'test' }), store, now: () => new Date() };
    receiver = await slowReceiver();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await store?.close();
    if (uri) await dropDatabase({ uri, name: dbName });
    receiver?.server.closeAllConnections();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('fails no call, finishes the stopped instance attempts and hands back the one it could not finish', async () => {
    const app = await dataApp(ctx);
    const dev = await developerWithApp({ ctx });
    await createWebhook({ ctx, userId: dev.userId, appId: dev.appId, url: receiver.url });
    // The instance to restart alone takes the stuck delivery; then the other one starts.
    const victim = await startServerProcess({ env });
    running.push(victim);
    await emitEvent({ ctx, appId: dev.appId, type: 'charge.succeeded', cause: randomUUID(), payload: { stuck: true } });
    await waitFor(async () => receiver.arrivals.length === 1, 30_000);
    const stuckId = receiver.arrivals[0].id;
    const survivor = await startServerProcess({ env });
    running.push(survivor);

    const live = [victim, survivor];
    const lb = balancer(live);
    const failures: Failure[] = [];
    let calls = 0;
    let loading = true;
    const load = Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; loading; n += 1) {
          const create = (n + client) % 2 === 0;
          const headers = { authorization: app.authorization, 'content-type': 'application/json' };
          const failure = await lb.call(create ? { method: 'POST', path: app.documents, headers, body: JSON.stringify({ text: `note ${n}` }) } : { method: 'GET', path: `${app.documents}?limit=5`, headers });
          calls += 1;
          if (failure) failures.push(failure);
        }
      }),
    );
    let stoppedAt = 0;
    let stopMs = 0;
    let emptiedMs = 0;
    try {
      for (let i = 0; i < REGULAR_EVENTS; i += 1) await emitEvent({ ctx, appId: dev.appId, type: 'charge.succeeded', cause: randomUUID(), payload: { i } });
      // Both instances now have attempts in flight (each takes ANSWER_MS at the receiver).
      await new Promise((resolve) => setTimeout(resolve, 500));
      stoppedAt = performance.now();
      await victim.stop();
      stopMs = performance.now() - stoppedAt;
      running.splice(running.indexOf(victim), 1);
      live.splice(live.indexOf(victim), 1);
      const replacement = await startServerProcess({ env });
      running.push(replacement);
      live.push(replacement);
      await waitFor(async () => (await store.collection(WEBHOOK_DELIVERIES).count({})) === 0, 30_000);
      emptiedMs = performance.now() - stoppedAt;
      // Calls keep going to the replacement for a moment.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      loading = false;
      await load;
      lb.close();
    }

    expect(victim.exitCode()).toBe(0);
    expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2000);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(50);
    const stuck = receiver.arrivals.filter((arrival) => arrival.id === stuckId);
    expect(stuck).toHaveLength(2);
    // Handed back when the stopping instance gave up waiting, and sent again at once: not after the lease.
    expect(stuck[1].at - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2000);
    expect(emptiedMs).toBeLessThan(LEASE_MS / 2);
    // Every other delivery went out once: those in flight on the stopped instance were finished there.
    const regular = receiver.arrivals.filter((arrival) => arrival.id !== stuckId).map((arrival) => arrival.id);
    expect(regular).toHaveLength(REGULAR_EVENTS);
    expect(new Set(regular).size).toBe(REGULAR_EVENTS);
  }, 180_000);
});
