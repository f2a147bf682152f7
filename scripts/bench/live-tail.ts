// `npm run bench -- live-tail` (issue 39 item 4): the store reads a second of two instances on
// FerretDB over PostgreSQL that hold one stream of every app, for 1, 100 and 10,000 apps with
// streams, each beside the old design's (one read per app per poll on each instance). Counted by
// the servers' own store metric (nindo_store_operation_duration_seconds, find + findOne + count):
// every read the instances make, the tail's and the rest (notices, background work), with the
// scrapes' own reads taken out. Then the tail's one query before and after narrowing
// (live-tail-query.ts). Streams are held by child processes (live-tail-streams.ts), apps seeded
// straight into the store.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './bench-row';
import { withFerretDbOverPostgres } from './ferretdb-run';
import { ROOT } from './production-build';
import { tailQueryRows } from './live-tail-query';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { apps } from '../../server/services/developer/model';
import type { AppDoc } from '../../server/services/developer/model';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import type { Store } from '../../server/storage/port';
import { seedLiveApp } from '../../test/scale-out/live-app';
import { startServerProcess } from '../../test/scale-out/server-processes';
import type { ServerProcess } from '../../test/scale-out/server-processes';

const SIZES = [1, 100, 10_000];
const INSTANCES = 2;
const POLL_MS = 200;
const SETTLE_MS = 3000;
const WINDOW_MS = 10_000;
const TOKEN = 'live-tail-bench';
const READS = ['find', 'findOne', 'count'];

/** One app through the real seed (indexes, developer, database), the rest as bare app records: a stream needs no more. */
async function seedApps({ store, env, count }: { store: Store; env: Record<string, string>; count: number }): Promise<string[]> {
  const first = await seedLiveApp({ store, env });
  const ctx: AppContext = { config: readConfig({ ...env, NODE_ENV: 'test' }), store, now: () => new Date() };
  const [model] = await apps(ctx).find({ _id: first.appId });
  const ids = [first.appId, ...Array.from({ length: count - 1 }, () => randomUUID())];
  for (let start = 1; start < ids.length; start += 1000) {
    await apps(ctx).insertMany(ids.slice(start, start + 1000).map((appId): AppDoc => ({ ...model, _id: appId, appId, apiKey: appId })));
  }
  return ids;
}

/** Store reads the instance counted so far. */
async function readsOf(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  let total = 0;
  for (const match of text.matchAll(/^nindo_store_operation_duration_seconds_count\{operation="(\w+)"\} (\d+)$/gm)) if (READS.includes(match[1])) total += Number(match[2]);
  return total;
}

/** Reads a second across the instances over WINDOW_MS, less what the scrapes themselves read (measured back to back). */
async function readsPerSecond(servers: ServerProcess[]): Promise<number> {
  const counts = async (): Promise<number> => (await Promise.all(servers.map(readsOf))).reduce((a, b) => a + b, 0);
  const first = await counts();
  const second = await counts();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
  const last = await counts();
  return (last - second - (second - first)) / ((performance.now() - started) / 1000);
}

function holdStreams({ url, file }: { url: string; file: string }): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'live-tail-streams.ts'), url, file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').startsWith('open')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the streams' process exited with ${code}`)));
  });
}

async function readsRow({ uri, count }: { uri: string; count: number }): Promise<BenchRow> {
  const dbName = `nindo_live_tail_${count}`;
  const env = { MONGODB_URI: uri, MONGODB_DB: dbName, SESSION_SECRET: 'live-tail-bench', METRICS_TOKEN: TOKEN, LIVE_POLL_MS: String(POLL_MS), LIVE_SUBSCRIBE_GRACE_MS: '3600000' };
  const seedStore = await openMongoStore({ uri, dbName });
  const ids = await seedApps({ store: seedStore, env, count });
  await seedStore.close();
  const file = join(mkdtempSync(join(tmpdir(), 'nindo-live-tail-')), 'apps.txt');
  writeFileSync(file, ids.join('\n'));
  const servers = await Promise.all(Array.from({ length: INSTANCES }, () => startServerProcess({ env })));
  const holders: ChildProcess[] = [];
  try {
    for (const server of servers) holders.push(await holdStreams({ url: server.url, file }));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const value = await readsPerSecond(servers);
    const floor = count * INSTANCES * (1000 / POLL_MS);
    return {
      name: `live tail reads, ${count.toLocaleString('en-US')} apps`,
      measures: `store reads/s (find, findOne, count) of ${INSTANCES} idle instances on FerretDB over PostgreSQL, each holding one stream of each of ${count.toLocaleString('en-US')} apps, over ${WINDOW_MS / 1000} s; floor: the old design's apps × instances × 1000/LIVE_POLL_MS`,
      value,
      unit: 'reads/s',
      floor,
      ...(count >= 100 ? { target: { atMost: floor / 10 } } : {}),
    };
  } finally {
    for (const holder of holders) holder.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(file, { force: true });
  }
}

export const runLiveTailBench = (): Promise<BenchRow[]> =>
  withFerretDbOverPostgres({ name: 'live-tail', run: async (uri) => {
    const rows: BenchRow[] = [];
    for (const count of SIZES) {
      console.error(`live-tail: ${count} apps...`);
      rows.push(await readsRow({ uri, count }));
    }
    const store = await openMongoStore({ uri, dbName: 'nindo_live_tail_query' });
    try {
      const ctx: AppContext = { config: readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'live-tail-bench' }), store, now: () => new Date() };
      await ensureIndexes(store, productIndexes());
      rows.push(...(await tailQueryRows({ ctx, perSecond: 200, older: 20_000, setting: 'FerretDB over PostgreSQL' })));
    } finally {
      await store.close();
    }
    return rows;
  }});
