// One event per fact across instances (issue 19): two server processes on one MongoDB database
// deliver, and two more store connections emit the same causes at the same moment, as two
// instances re-running one step would. Each cause reaches the receiver under one webhook-id,
// once unless the message log shows a failed attempt that explains the repeat. Runs only where MONGODB_URI is set (npm run test:mongo -- test/scale-out).
import { randomUUID } from 'node:crypto';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import type { Store } from '../../server/storage/port';
import { emitEvent, eventIdOf } from '../../server/services/webhooks/emit-event';
import { WEBHOOK_DELIVERIES, WEBHOOK_REQUESTS } from '../../server/services/webhooks/model';
import type { WebhookRequestDoc } from '../../server/services/webhooks/model';
import { createWebhook, developerWithApp, startReceiver } from '../developer/webhooks-fixtures';
import type { Receiver } from '../developer/webhooks-fixtures';
import { dropDatabase } from '../helpers/test-app';
import { startServerProcess, waitFor } from './server-processes';
import type { ServerProcess } from './server-processes';

const uri = process.env.MONGODB_URI;
const describeScaleOut = uri ? describe : describe.skip;

const CAUSES = 20;
/** Longer than the workers' idle poll (0.5 s), so a late second copy would have arrived. */
const SETTLE_MS = 3000;

describeScaleOut('one event per fact with two instances on one MongoDB database', () => {
  const dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
  let receiver: Receiver;
  let servers: ServerProcess[] = [];
  let stores: Store[] = [];
  let emitters: AppContext[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    const env = { MONGODB_URI: uri ?? '', MONGODB_DB: dbName, SESSION_SECRET: `events-once-${randomUUID()}`, WEBHOOKS_ALLOW_PRIVATE: 'true' };
    servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    stores = await Promise.all([openMongoStore({ uri: uri ?? '', dbName }), openMongoStore({ uri: uri ?? '', dbName })]);
    const config = readConfig({ ...env, NODE_ENV: 'test' });
    emitters = stores.map((store) => ({ config, store, now: () => new Date() }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(stores.map((s) => s.close()));
    if (uri) await dropDatabase({ uri, name: dbName });
    await receiver?.close();
  });

  it('delivers each cause once under one webhook-id when two instances emit it at once', async () => {
    const [first, second] = emitters;
    if (!first || !second) throw new Error('two emitters expected');
    const dev = await developerWithApp({ ctx: first });
    await createWebhook({ ctx: first, userId: dev.userId, appId: dev.appId, url: receiver.url });
    const causes = Array.from({ length: CAUSES }, (_, i) => `refund-job-${i}`);
    await Promise.all(
      causes.flatMap((cause) => [first, second].map((ctx) => emitEvent({ ctx, appId: dev.appId, type: 'charge.refunded', cause, payload: { cause } }))),
    );

    const arrived = () => receiver.received.filter((r) => r.body.includes(dev.appId));
    // Every cause arrived and nothing is queued any more (the queue is empty too before the fan-out), then
    // long enough for a second copy to have come.
    await waitFor(async () => arrived().length >= CAUSES && (await first.store.collection(WEBHOOK_DELIVERIES).count({ appId: dev.appId })) === 0);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const ids = arrived().map((r) => String(r.headers['webhook-id']));
    const expected = causes.map((cause) => eventIdOf({ appId: dev.appId, type: 'charge.refunded', cause })).sort();
    expect([...new Set(ids)].sort()).toEqual(expected);
    // Delivery is at least once: an attempt the receiver got but the sender gave up on (a timeout on
    // a loaded machine) goes out again under the same webhook-id. So each event has one succeeded
    // attempt, and every arrival is an attempt the message log records; a second claim of one
    // delivery would show as two succeeded attempts, or as an arrival the log does not hold.
    const attempts = await first.store.collection<WebhookRequestDoc>(WEBHOOK_REQUESTS).find({ appId: dev.appId });
    const perEvent = expected.map((id) => ({
      id,
      arrived: ids.filter((x) => x === id).length,
      attempts: attempts.filter((a) => a.eventId === id).map((a) => `${a.status} ${a.response.status}`),
    }));
    const unexplained = perEvent.filter((e) => e.attempts.filter((a) => a.startsWith('succeeded')).length !== 1 || e.arrived !== e.attempts.length);
    // The instances' errors, to tell a store failure from a second claim when this fails.
    const errors = (): string[] => servers.flatMap((s) => s.output().split('\n').filter((line) => line.includes('"level":50')));
    expect(unexplained.length === 0 ? [] : { unexplained, errors: errors() }).toEqual([]);
  }, 120_000);
});
