// Live changes survive the death of the instance holding the streams (issue 28, item 2): two
// server processes on one MongoDB database, subscribers streaming from one, writes through both;
// the one holding the streams is killed with SIGKILL mid-stream. Each subscriber reconnects to the
// survivor with Last-Event-ID, sets its subscriptions again there, and ends with every event of the
// change log exactly once, in order. Runs only where MONGODB_URI is set (npm run test:mongo).
import { randomUUID } from 'node:crypto';
import { readConfig } from '../../server/config';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import type { Store } from '../../server/storage/port';
import { changeLog } from '../../server/services/database/live/model';
import { dropDatabase } from '../helpers/test-app';
import { openLive } from '../database-live/sse-client';
import type { LiveEvent, LiveStream } from '../database-live/sse-client';
import { seedLiveApp } from './live-app';
import type { LiveApp } from './live-app';
import { startServerProcess } from './server-processes';
import type { ServerProcess } from './server-processes';

const uri = process.env.MONGODB_URI;
const describeScaleOut = uri ? describe : describe.skip;

const SUBSCRIBERS = 5;
const WRITE_EVERY_MS = 50;
const BEFORE_KILL_MS = 1500;
const AFTER_KILL_MS = 2500;

/** A subscriber as a browser's EventSource and its page behave: on each connect event it POSTs its subscriptions; on an end it reconnects with the last id. */
function subscriber({ app, servers }: { app: LiveApp; servers: () => ServerProcess[] }) {
  const received: LiveEvent[] = [];
  let stream: LiveStream | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const lastEventId = [...received].reverse().find((e) => e.id !== undefined)?.id;
    for (const server of servers()) {
      try {
        const opened = await openLive({ base: server.url, appId: app.appId, lastEventId });
        const res = await fetch(`${server.url}/api/v1/data/${app.appId}/live`, {
          method: 'POST',
          headers: { authorization: app.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: opened.clientId(), subscriptions: [{ collection: 'notes' }] }),
        });
        if (res.status !== 200) throw new Error(`subscriptions: ${res.status} ${await res.text()}`);
        stream = opened;
        let seen = 0;
        const pump = setInterval(() => {
          const fresh = opened.events.slice(seen).filter((e) => e.event !== 'connect');
          seen = opened.events.length;
          received.push(...fresh);
        }, 20);
        void opened.ended().then(
          () => {
            clearInterval(pump);
            received.push(...opened.events.slice(seen).filter((e) => e.event !== 'connect'));
            if (!stopped) void connect();
          },
          () => clearInterval(pump),
        );
        return;
      } catch {
        // That instance is gone: the next one.
      }
    }
    throw new Error('no instance answered');
  };
  return {
    received,
    connect,
    stop: () => {
      stopped = true;
      stream?.close();
    },
  };
}

describeScaleOut('live changes when the instance holding the streams is killed', () => {
  const dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
  const env = { MONGODB_URI: uri ?? '', MONGODB_DB: dbName, SESSION_SECRET: `live-kill-${randomUUID()}`, LIVE_POLL_MS: '100' };
  let survivor: ServerProcess | undefined;
  let victim: ServerProcess | undefined;
  let store: Store;
  let app: LiveApp;

  beforeAll(async () => {
    store = await openMongoStore({ uri: uri ?? '', dbName });
    app = await seedLiveApp({ store, env });
    [victim, survivor] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  }, 120_000);

  afterAll(async () => {
    await survivor?.stop();
    await victim?.kill();
    await store?.close();
    if (uri) await dropDatabase({ uri, name: dbName });
  });

  it('every subscriber reconnects to the survivor with Last-Event-ID and has every event of the log exactly once, in order', async () => {
    const alive = () => [victim, survivor].filter((server): server is ServerProcess => server !== undefined && server.exitCode() === null);
    // The victim first: every stream starts there.
    const subscribers = Array.from({ length: SUBSCRIBERS }, () => subscriber({ app, servers: alive }));
    await Promise.all(subscribers.map((s) => s.connect()));
    let writing = true;
    let written = 0;
    const writer = async (server: () => ServerProcess | undefined): Promise<void> => {
      while (writing) {
        const target = server();
        if (target && target.exitCode() === null) {
          const res = await fetch(`${target.url}/api/v1/data/${app.appId}/collections/notes/documents`, {
            method: 'POST',
            headers: { authorization: app.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ title: `note ${written}` }),
          }).catch(() => null);
          if (res?.status === 201) written += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
      }
    };
    const writers = Promise.all([writer(() => victim), writer(() => survivor)]);
    await new Promise((resolve) => setTimeout(resolve, BEFORE_KILL_MS));
    const ids = (s: (typeof subscribers)[number]) => s.received.filter((e) => e.event === 'created').map((e) => Number(e.id));
    const beforeKill = subscribers.map((s) => ids(s).length);
    await victim?.kill();
    await new Promise((resolve) => setTimeout(resolve, AFTER_KILL_MS));
    writing = false;
    await writers;
    const log = await changeLog({ config: readConfig({ ...env, NODE_ENV: 'test' }), store, now: () => new Date() }).find({ appId: app.appId }, { sort: { seq: 1 } });
    // Fillers (numbers no change took, sequence.ts) reach no stream.
    const expected = log.filter((entry) => entry.type !== 'filler').map((entry) => entry.seq);
    expect(expected.length).toBeGreaterThanOrEqual(written);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && subscribers.some((s) => ids(s).length < expected.length)) await new Promise((resolve) => setTimeout(resolve, 100));
    // Mid-stream: each had events from the victim, and got the rest from the survivor.
    expect(beforeKill.filter((count) => count === 0 || count >= expected.length)).toEqual([]);
    for (const s of subscribers) {
      expect(ids(s)).toEqual(expected);
      expect(s.received.filter((e) => e.event === 'reset')).toEqual([]);
      s.stop();
    }
  }, 120_000);
});
