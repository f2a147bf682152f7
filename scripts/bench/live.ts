// Live changes bench (issue 28, item 2; docs/public-data-api.md, "Live changes"). Three rows sets:
// SUBSCRIBERS streams on one instance while WRITES_PER_S documents a second are created (each write
// an event to every stream): write-to-event p99 and events lost or repeated, by sequence; IDLE
// streams held open: the server's memory per 1,000 and the list's rate beside them against the
// same list before and after them; and, on FerretDB, as many streams on one instance of two while
// writes go through the other: write-to-event p99. The streams' client runs in this process, on
// the same cores as the servers: each fan-out also reports the CPU of both sides. The per-app cap
// on streams (LIVE_MAX_CONNECTIONS_PER_APP, 2,000 by default) is raised for the idle row. LIVE_BENCH_*
// shrink it for a quick proof run.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { startServerProcess } from '../../test/scale-out/server-processes';
import type { BenchRow } from './bench-row';
import { measureTargets } from './load';
import { cpuMsOf, rssMbOf } from './proc';
import { lostAndRepeated, openStreams, percentile } from './live-clients';
import type { BenchApp } from './live-clients';
import { seedLiveApp } from '../../test/scale-out/live-app';
import { writeSteadily } from './sdk-subscribers';

const knob = (name: string, fallback: number): number => Number(process.env[`LIVE_BENCH_${name}`] ?? fallback);
const SUBSCRIBERS = knob('SUBSCRIBERS', 1000);
const IDLE = knob('IDLE', 10_000);
const WRITES_PER_S = knob('WRITES_PER_S', 20);
const SECONDS = knob('SECONDS', 10);
const FERRET_SUBSCRIBERS = knob('FERRET_SUBSCRIBERS', 1000);
/** After the last write, how long the streams get to receive its event. */
const DRAIN_MS = 3000;
/** After streams close, how long the server gets to drop them before the list is measured. */
const SETTLE_MS = 3000;
// Every stream comes from this machine's one address: its cap (LIVE_MAX_CONNECTIONS_PER_ADDRESS) is raised alike.
const STREAMS_CAP = String(Math.max(SUBSCRIBERS, IDLE) + 100);
const SERVER_ENV = { LIVE_MAX_CONNECTIONS_PER_APP: STREAMS_CAP, LIVE_MAX_CONNECTIONS_PER_ADDRESS: STREAMS_CAP, SESSION_SECRET: 'live-bench' };

const clientCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A create of a document with `title` through `url`, as the app. */
const createVia =
  ({ url, app }: { url: string; app: BenchApp }) =>
  async (title: string): Promise<void> => {
    const res = await fetch(`${url}/api/v1/data/${app.appId}/collections/${app.collection}/documents`, {
      method: 'POST',
      headers: { authorization: app.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (res.status !== 201) throw new Error(`write: ${res.status}`);
  };

async function fanOut({ streamsUrl, writesUrl, serverPids, app, subscribers, label, p99AtMost }: { streamsUrl: string; writesUrl: string; serverPids: number[]; app: BenchApp; subscribers: number; label: string; p99AtMost: number }): Promise<BenchRow[]> {
  const latencies: number[] = [];
  // Filled as each create is sent, so an event that comes before the last write answers finds its send time.
  const sent = new Map<string, number>();
  const streams = await openStreams({ url: streamsUrl, app, count: subscribers, onEvent: (title) => latencies.push(performance.now() - (sent.get(title) ?? Number.NaN)) });
  const serverCpuMs = (): number => serverPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const before = { at: performance.now(), server: serverCpuMs(), client: clientCpuMs(), load: loadavg()[0] };
  await writeSteadily({ create: createVia({ url: writesUrl, app }), perSecond: WRITES_PER_S, seconds: SECONDS, sent });
  const elapsedMs = performance.now() - before.at;
  const share = (ms: number): number => (100 * ms) / elapsedMs;
  const [server, client] = [share(serverCpuMs() - before.server), share(clientCpuMs() - before.client)];
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  for (const stream of streams) stream.close();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const { lost, repeated } = lostAndRepeated({ streams, writes: sent.size });
  const events = subscribers * WRITES_PER_S;
  const measured = latencies.filter(Number.isFinite);
  return [
    { name: `live ${label} load`, measures: 'the machine\'s 1-minute load average when the writes began (2 cores, shared)', value: before.load, unit: '' },
    { name: `live ${label} p99`, measures: `write-to-event p99, ${subscribers} streams, ${WRITES_PER_S} writes/s (${events.toLocaleString('en-US')} events/s) for ${SECONDS} s`, value: percentile(measured, 0.99), unit: 'ms', target: { atMost: p99AtMost } },
    { name: `live ${label} p50`, measures: 'write-to-event median, the same events', value: percentile(measured, 0.5), unit: 'ms' },
    { name: `live ${label} lost`, measures: 'events missing from each stream\'s run of seqs, all streams', value: lost, unit: 'events', target: { atMost: 0 } },
    { name: `live ${label} repeated`, measures: 'events received twice, all streams', value: repeated, unit: 'events', target: { atMost: 0 } },
    { name: `live ${label} server CPU`, measures: `CPU of the server${serverPids.length > 1 ? 's' : ''} while the writes ran, % of one core (the machine has 2)`, value: server, unit: '%' },
    { name: `live ${label} client CPU`, measures: 'CPU of this process (the streams\' client and the writer) meanwhile, % of one core', value: client, unit: '%' },
  ];
}

async function oneInstance(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-live-bench-'));
  const sqlitePath = join(dir, 'bench.sqlite');
  const seedStore = await openSqliteStore({ path: sqlitePath });
  const env = { ...SERVER_ENV, SQLITE_PATH: sqlitePath, DATA_DIR: dir };
  const app = await seedLiveApp({ store: seedStore, env });
  await seedStore.close();
  const server = await startServerProcess({ env });
  try {
    const rows = await fanOut({ streamsUrl: server.url, writesUrl: server.url, serverPids: [server.pid], app, subscribers: SUBSCRIBERS, label: `${SUBSCRIBERS} streams`, p99AtMost: 100 });
    return [...rows, ...(await idleRows({ server, app }))];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The list's rate before, beside and after the idle streams (they cannot be opened and closed in
 * every round as load.ts interleaves targets: 10,000 take tens of seconds): the floor is the mean of
 * before and after, so a drift of the shared machine's load over the three counts on both sides.
 */
async function idleRows({ server, app }: { server: { url: string; pid: number }; app: BenchApp }): Promise<BenchRow[]> {
  const port = Number(new URL(server.url).port);
  const list = { port, path: `/api/v1/data/${app.appId}/collections/${app.collection}/documents?limit=20`, headers: { authorization: app.authorization } };
  const [before] = await measureTargets({ targets: [list], pid: server.pid });
  const rssBefore = rssMbOf(server.pid);
  const idle = await openStreams({ url: server.url, app, count: IDLE });
  const perThousand = ((rssMbOf(server.pid) - rssBefore) * 1000) / IDLE;
  const [beside] = await measureTargets({ targets: [list], pid: server.pid });
  for (const stream of idle) stream.close();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const [after] = await measureTargets({ targets: [list], pid: server.pid });
  const without = (before.rps + after.rps) / 2;
  const idleText = IDLE.toLocaleString('en-US');
  return [
    { name: 'live idle memory', measures: `server RSS added per 1,000 idle streams (${idleText} held, subscribed)`, value: perThousand, unit: 'MB' },
    { name: 'live idle list', measures: `list of 20 req/s beside ${idleText} idle streams; floor: the same list without them (mean of before, ${Math.round(before.rps)}, and after, ${Math.round(after.rps)}), target within 10%`, value: beside.rps, unit: 'req/s', floor: without, target: { atLeast: 0.9 * without } },
    { name: 'live idle list CPU', measures: `CPU µs per list request beside the idle streams; floor: without them (mean of before and after)`, value: beside.cpuUs ?? 0, unit: 'µs/req', floor: ((before.cpuUs ?? 0) + (after.cpuUs ?? 0)) / 2 },
  ];
}

async function twoInstancesOnFerret(): Promise<BenchRow[]> {
  const peer = join(__dirname, '..', 'peers', 'ferretdb.sh');
  const runDir = mkdtempSync(join(tmpdir(), 'nindo-live-ferret-'));
  const started = spawnSync(peer, ['start', runDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const uri = started.stdout.trim();
  if (started.status !== 0 || !uri.startsWith('mongodb://')) throw new Error('FerretDB did not start');
  try {
    const dbName = 'nindo_live_bench';
    const seedStore = await openMongoStore({ uri, dbName });
    const env = { ...SERVER_ENV, MONGODB_URI: uri, MONGODB_DB: dbName };
    const app = await seedLiveApp({ store: seedStore, env });
    await seedStore.close();
    const [writer, holder] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    try {
      return await fanOut({ streamsUrl: holder.url, writesUrl: writer.url, serverPids: [holder.pid, writer.pid], app, subscribers: FERRET_SUBSCRIBERS, label: 'two instances on FerretDB', p99AtMost: 1000 });
    } finally {
      await Promise.all([writer.stop(), holder.stop()]);
    }
  } finally {
    spawnSync(peer, ['stop', runDir], { stdio: 'inherit' });
    rmSync(runDir, { recursive: true, force: true });
  }
}

export async function runLiveBench(): Promise<BenchRow[]> {
  return [...(await oneInstance()), ...(await twoInstancesOnFerret())];
}
