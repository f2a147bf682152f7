// Events across a kill -9 through the SDK (issue 39): two instances on FerretDB over PostgreSQL,
// SUBSCRIBERS SDK clients behind a front (sdk-front.ts, as a load balancer) whose first choice is
// the instance holding the streams, creates through the other at a steady rate; halfway the holder
// gets SIGKILL. The clients reconnect through the front to the survivor with Last-Event-ID: every
// create must reach every handler once (lost 0, repeated 0).
import type { BenchRow } from './bench-row';
import { withFerretDbOverPostgres } from './ferretdb-run';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { seedLiveApp } from '../../test/scale-out/live-app';
import { startServerProcess } from '../../test/scale-out/server-processes';
import { startFront } from './sdk-front';
import { closeAll, lostAndRepeated, nindoTarget, nindoWriter, openNindoSubscribers, until, writeSteadily } from './sdk-subscribers';

/** After the last create, the longest the clients get to hold every event. */
const DRAIN_TIMEOUT_MS = 60_000;

export const failoverRows = ({ subscribers, perSecond, seconds, serverEnv }: { subscribers: number; perSecond: number; seconds: number; serverEnv: Record<string, string> }): Promise<BenchRow[]> =>
  withFerretDbOverPostgres({ name: 'sdk-bench', run: async (uri) => {
    const dbName = 'nindo_sdk_bench';
    const seedStore = await openMongoStore({ uri, dbName });
    const env = { ...serverEnv, MONGODB_URI: uri, MONGODB_DB: dbName };
    const app = await seedLiveApp({ store: seedStore, env });
    await seedStore.close();
    const [holder, writer] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    const front = await startFront({ backends: [holder.url, writer.url] });
    try {
      const clients = await openNindoSubscribers({ target: nindoTarget({ url: front.url, app }), count: subscribers });
      try {
        const [, toSurvivorBefore] = front.passed();
        const sent = await writeSteadily({ create: nindoWriter(nindoTarget({ url: writer.url, app })), perSecond, seconds, onHalf: holder.kill });
        const lastWriteAt = performance.now();
        await until({ subscribers: clients, count: sent.size, timeoutMs: DRAIN_TIMEOUT_MS });
        const drainMs = performance.now() - lastWriteAt;
        const { lost, repeated } = lostAndRepeated({ subscribers: clients, written: sent.keys() });
        const [, toSurvivor] = front.passed();
        const setting = `${subscribers.toLocaleString('en-US')} SDK clients on one of two instances on FerretDB over PostgreSQL, ${perSecond} creates/s through the other for ${seconds} s, the holder killed (SIGKILL) halfway`;
        return [
          { name: 'sdk kill -9 lost', measures: `creates a client's handler had not got ${DRAIN_TIMEOUT_MS / 1000} s after the last; ${setting}`, value: lost, unit: 'events', target: { atMost: 0 } },
          { name: 'sdk kill -9 repeated', measures: "creates a client's handler got twice, the same clients", value: repeated, unit: 'events', target: { atMost: 0 } },
          { name: 'sdk kill -9 moved', measures: "connections the front passed to the survivor after the kill: each client's new stream, and its subscription POSTs (those may share kept-alive connections)", value: toSurvivor - toSurvivorBefore, unit: 'connections', target: { atLeast: subscribers } },
          { name: 'sdk kill -9 drain', measures: `from the last create until every handler held every create (the reconnections and replays of the survivor), at most ${DRAIN_TIMEOUT_MS / 1000} s`, value: drainMs, unit: 'ms' },
        ];
      } finally {
        await closeAll(clients);
      }
    } finally {
      await front.close();
      await Promise.all([holder.stop(), writer.stop()]);
    }
  }});
