// `npm run bench -- sdk` (issue 39, "Measure and report"): the SDK's live changes as an app sees
// them. Write-to-handler latency, memory per subscriber and server CPU at each of SIZES clients
// (one stream each) on one instance, Nindo's SDK and then PocketBase's JS SDK on its own realtime
// in the same run (sdk-fanout.ts); events lost and repeated across a kill -9 of the instance
// holding the streams, two instances on FerretDB over PostgreSQL (sdk-failover.ts); and the
// catch-up of a client offline through CHANGES creates (sdk-catch-up.ts). SDK_BENCH_* shrink it
// for a quick proof run. The per-app and per-address caps on streams are raised for the clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './bench-row';
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { seedLiveApp } from '../../test/scale-out/live-app';
import type { LiveApp } from '../../test/scale-out/live-app';
import { startServerProcess } from '../../test/scale-out/server-processes';
import { stopProcess } from './built-server';
import { POCKETBASE_URL, createPocketBaseCollection, pocketBaseBinary, startPocketBase } from './peers';
import { fanOut, fanOutRows } from './sdk-fanout';
import type { Side } from './sdk-fanout';
import { catchUpRows } from './sdk-catch-up';
import { failoverRows } from './sdk-failover';
import { nindoTarget, nindoWriter, openNindoSubscribers, openPocketBaseSubscribers, pocketBaseWriter } from './sdk-subscribers';

const knob = (name: string, fallback: string): string => process.env[`SDK_BENCH_${name}`] ?? fallback;
const SIZES = knob('SIZES', '1000,10000').split(',').map(Number);
/** Events a second to all clients together (creates a second times clients), the same at every size, at most MAX_WRITES_PER_S creates. */
const EVENTS_PER_S = Number(knob('EVENTS_PER_S', '20000'));
const MAX_WRITES_PER_S = 20;
const SECONDS = Number(knob('SECONDS', '10'));
const FAILOVER_SUBSCRIBERS = Number(knob('FAILOVER_SUBSCRIBERS', '1000'));
const CHANGES = Number(knob('CHANGES', '10000'));
const STREAMS_CAP = String(Math.max(...SIZES, FAILOVER_SUBSCRIBERS) + 100);
const SERVER_ENV = { LIVE_MAX_CONNECTIONS_PER_APP: STREAMS_CAP, LIVE_MAX_CONNECTIONS_PER_ADDRESS: STREAMS_CAP, SESSION_SECRET: 'sdk-bench' };
const COLLECTION = 'notes';

const writesPerSecond = (subscribers: number): number => Math.max(1, Math.min(MAX_WRITES_PER_S, Math.round(EVENTS_PER_S / subscribers)));

/** PocketBase with a `notes` collection anyone may list, view and create, as the product's app allows its secret. */
async function withPocketBase<T>(run: (pid: number) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-sdk-bench-pocketbase-'));
  try {
    const child = await startPocketBase({ bin: pocketBaseBinary(), dir });
    try {
      await createPocketBaseCollection({ name: COLLECTION, type: 'base', listRule: '', viewRule: '', createRule: '', fields: [{ name: 'title', type: 'text', required: true }] });
      return await run(child.pid ?? 0);
    } finally {
      await stopProcess(child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withNindo<T>(run: (server: { url: string; pid: number; app: LiveApp }) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-sdk-bench-'));
  try {
    const sqlitePath = join(dir, 'bench.sqlite');
    const env = { ...SERVER_ENV, SQLITE_PATH: sqlitePath, DATA_DIR: dir };
    const seedStore = await openSqliteStore({ path: sqlitePath });
    const app = await seedLiveApp({ store: seedStore, env });
    await seedStore.close();
    const server = await startServerProcess({ env });
    try {
      return await run({ url: server.url, pid: server.pid, app });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const oneInstanceRows = (): Promise<BenchRow[]> =>
  withNindo(({ url, pid, app }) =>
    withPocketBase(async (pocketBasePid) => {
      const target = nindoTarget({ url, app });
      const nindo: Side = { pid, open: ({ count, onTitle }) => openNindoSubscribers({ target, count, onTitle }), create: nindoWriter(target) };
      const pocketBase: Side = {
        pid: pocketBasePid,
        open: ({ count, onTitle }) => openPocketBaseSubscribers({ url: POCKETBASE_URL, collection: COLLECTION, count, onTitle }),
        create: pocketBaseWriter({ url: POCKETBASE_URL, collection: COLLECTION }),
      };
      const rows: BenchRow[] = [];
      for (const subscribers of SIZES) {
        const perSecond = writesPerSecond(subscribers);
        console.error(`sdk bench: ${subscribers} subscribers, Nindo then PocketBase...`);
        const figures = { nindo: await fanOut({ side: nindo, subscribers, perSecond, seconds: SECONDS }), pocketBase: await fanOut({ side: pocketBase, subscribers, perSecond, seconds: SECONDS }) };
        rows.push(...fanOutRows({ subscribers, perSecond, seconds: SECONDS, ...figures }));
      }
      console.error(`sdk bench: catch-up through ${CHANGES} changes...`);
      return [...rows, ...(await catchUpRows({ serverUrl: url, app, changes: CHANGES }))];
    }),
  );

export async function runSdkBench(): Promise<BenchRow[]> {
  const rows = await oneInstanceRows();
  console.error('sdk bench: kill -9 on FerretDB over PostgreSQL...');
  return [...rows, ...(await failoverRows({ subscribers: FAILOVER_SUBSCRIBERS, perSecond: MAX_WRITES_PER_S, seconds: SECONDS, serverEnv: SERVER_ENV }))];
}
