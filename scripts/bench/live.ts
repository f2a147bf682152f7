// Live changes bench (issue 28, item 2; docs/public-data-api.md, "Live changes"). Three rows sets:
// SUBSCRIBERS streams on one instance while WRITES_PER_S documents a second are created (each write
// an event to every stream): write-to-event p99 and events lost or repeated, by sequence; IDLE
// streams held open: the server's memory per 1,000 and the list's rate beside them against the
// same list without them; and, on FerretDB, streams on one instance of two while writes go through
// the other: write-to-event p99. LIVE_BENCH_* shrink it for a quick proof run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { startServerProcess } from '../../test/scale-out/server-processes';
import type { BenchRow } from './bench-row';
import { measureTargets } from './load';
import { rssMbOf } from './proc';
import { lostAndRepeated, openStreams, p99, writeSteadily } from './live-clients';
import type { BenchApp } from './live-clients';
import { seedLiveApp } from '../../test/scale-out/live-app';

const knob = (name: string, fallback: number): number => Number(process.env[`LIVE_BENCH_${name}`] ?? fallback);
const SUBSCRIBERS = knob('SUBSCRIBERS', 1000);
const IDLE = knob('IDLE', 10_000);
const WRITES_PER_S = knob('WRITES_PER_S', 20);
const SECONDS = knob('SECONDS', 10);
const FERRET_SUBSCRIBERS = knob('FERRET_SUBSCRIBERS', 100);
/** After the last write, how long the streams get to receive its event. */
const DRAIN_MS = 3000;
const SERVER_ENV = { LIVE_MAX_CONNECTIONS_PER_APP: String(Math.max(SUBSCRIBERS, IDLE) + 100), SESSION_SECRET: 'live-bench' };

async function fanOut({ streamsUrl, writesUrl, app, subscribers, label, p99AtMost }: { streamsUrl: string; writesUrl: string; app: BenchApp; subscribers: number; label: string; p99AtMost: number }): Promise<BenchRow[]> {
  const latencies: number[] = [];
  let sent = new Map<string, number>();
  const streams = await openStreams({ url: streamsUrl, app, count: subscribers, onEvent: (title) => latencies.push(performance.now() - (sent.get(title) ?? Number.NaN)) });
  sent = await writeSteadily({ url: writesUrl, app, perSecond: WRITES_PER_S, seconds: SECONDS });
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  for (const stream of streams) stream.close();
  const { lost, repeated } = lostAndRepeated({ streams, writes: sent.size });
  const events = subscribers * WRITES_PER_S;
  return [
    { name: `live ${label} p99`, measures: `write-to-event p99, ${subscribers} streams, ${WRITES_PER_S} writes/s (${events.toLocaleString('en-US')} events/s) for ${SECONDS} s`, value: p99(latencies.filter(Number.isFinite)), unit: 'ms', target: { atMost: p99AtMost } },
    { name: `live ${label} lost`, measures: 'events missing from each stream\'s run of seqs, all streams', value: lost, unit: 'events', target: { atMost: 0 } },
    { name: `live ${label} repeated`, measures: 'events received twice, all streams', value: repeated, unit: 'events', target: { atMost: 0 } },
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
    const rows = await fanOut({ streamsUrl: server.url, writesUrl: server.url, app, subscribers: SUBSCRIBERS, label: `${SUBSCRIBERS} streams`, p99AtMost: 100 });
    const port = Number(new URL(server.url).port);
    const list = { port, path: `/api/v1/data/${app.appId}/collections/notes/documents?limit=20`, headers: { authorization: app.authorization } };
    const [without] = await measureTargets({ targets: [list], pid: server.pid });
    const before = rssMbOf(server.pid);
    const idle = await openStreams({ url: server.url, app, count: IDLE });
    const perThousand = ((rssMbOf(server.pid) - before) * 1000) / IDLE;
    const [beside] = await measureTargets({ targets: [list], pid: server.pid });
    for (const stream of idle) stream.close();
    return [
      ...rows,
      { name: 'live idle memory', measures: `server RSS added per 1,000 idle streams (${IDLE.toLocaleString('en-US')} held)`, value: perThousand, unit: 'MB' },
      { name: 'live idle list', measures: `list of 20 req/s beside ${IDLE.toLocaleString('en-US')} idle streams; floor: the same list without them, target within 10%`, value: beside.rps, unit: 'req/s', floor: without.rps, target: { atLeast: 0.9 * without.rps } },
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
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
      return await fanOut({ streamsUrl: holder.url, writesUrl: writer.url, app, subscribers: FERRET_SUBSCRIBERS, label: 'two instances on FerretDB', p99AtMost: 1000 });
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
