// Public data API bench (issues 18 and 29): what one call of the built server (`dist/server/main.js`,
// what `npm start` runs) costs against the bare Express + validator floor of the same run. The app
// itself calls (HTTP Basic with its App ID and Secret, no session, no compression asked) for the
// 20 newest documents of a collection of 100k, for the 20 newest whose title contains a text in
// 0.1%, 1% and 10% of them (a contains index), and to create one. Targets: the list and the
// create each at least 40% of the floor's requests a second; the 1% search at least half the
// list's; the server's RSS after the load at most 250 MB. Issue 28: the 20 newest of one owner
// (1,000 of the 100k; the filter an `owner` rule ANDs into a store's list, here sent as the query
// so that both lists authenticate alike), at least 90% of the unfiltered list's rate: the _owner
// index serves it without a scan.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureTargets } from './load';
import { withPinnedCores } from './cpu-pinning';
import type { Measure, Target } from './load';
import { COLLECTION, DB_APP, HUNDREDTH_WORD, SEARCH_WORD, THOUSANDTH_WORD } from './database-data';
import { startBuiltServer, stopProcess } from './built-server';
import { rssMbOf } from './proc';
import { heapHolders } from './heap-holders';

/** The heap's holders the bench prints after the RSS. */
const HOLDERS_SHOWN = 8;

export const PUBLIC_APP_SECRET = 'sk_bench-public-data-secret';
const SESSION_SECRET = 'bench-public-data-session-secret-0123456789';
/** The built server's environment over the seeded data; the limits are not what is measured: high enough that the run never meets them. */
export const PUBLIC_DATA_ENV = { SESSION_SECRET, DATA_MAX_REQUESTS_PER_MINUTE: '10000000' };
const PORT = Number(process.env.BENCH_PUBLIC_DATA_PORT ?? 3211);
const DOCUMENTS = 100_000;
const SHARE_OF_FLOOR = 0.4;
const SHARE_OF_LIST = 0.5;
const MAX_RSS_MB = 250;
const OWNER_SHARE_OF_UNFILTERED = 0.9;
/** public-data-seed.ts gives the documents of category c{k} the owner store-{k}. */
export const BENCH_OWNER = 'store-42';

const documentsPath = `/api/v1/data/${DB_APP}/collections/${COLLECTION}/documents`;
const authorization = `Basic ${Buffer.from(`${DB_APP}:${PUBLIC_APP_SECRET}`).toString('base64')}`;
const searchPath = (text: string): string => `${documentsPath}?limit=20&query=${encodeURIComponent(JSON.stringify({ title: { $regex: text, $options: 'i' } }))}`;

function rows({ label, measure, floor }: { label: string; measure: Measure; floor: Measure }): BenchRow[] {
  return [
    {
      name: `public ${label}`,
      measures: `requests/s, the built server, the app's own call over HTTP Basic, ${DOCUMENTS.toLocaleString('en-US')} documents, ${CONNECTIONS} connections; target ${SHARE_OF_FLOOR * 100}% of the floor's`,
      value: measure.rps,
      unit: 'req/s',
      floor: floor.rps,
      target: { atLeast: SHARE_OF_FLOOR * floor.rps },
    },
    { name: `public ${label} p99`, measures: `p99 latency of the ${label} requests`, value: measure.p99, unit: 'ms' },
    { name: `public ${label} CPU`, measures: `CPU µs the server spent per ${label} request, all rounds; floor: the floor process's per request in the same run`, value: measure.cpuUs ?? 0, unit: 'µs/req', floor: floor.cpuUs },
  ];
}

function searchRows({ label, measure, list, target }: { label: string; measure: Measure; list: Measure; target: boolean }): BenchRow[] {
  return [
    {
      name: `public contains ${label}`,
      measures: `requests/s, the 20 newest whose title contains the text (contains index); floor: the 20-newest list in the same run${target ? `; target ${SHARE_OF_LIST * 100}% of it` : ''}`,
      value: measure.rps,
      unit: 'req/s',
      floor: list.rps,
      ...(target ? { target: { atLeast: SHARE_OF_LIST * list.rps } } : {}),
    },
    { name: `public contains ${label} p99`, measures: 'p99 latency of the search; floor: the list\'s', value: measure.p99, unit: 'ms', floor: list.p99 },
    { name: `public contains ${label} CPU`, measures: 'CPU µs the server spent per search; floor: per 20-newest list request', value: measure.cpuUs ?? 0, unit: 'µs/req', floor: list.cpuUs },
  ];
}

/**
 * Seeds the data folder (or the MongoDB database at `mongodbUri`) with `count` documents in a child
 * process of its own (the sources under tsx), which ends when done.
 */
export function seedPublicData({ dir, count = DOCUMENTS, mongodbUri }: { dir: string; count?: number; mongodbUri?: string }): Promise<void> {
  const args = [dir, String(count), SESSION_SECRET, ...(mongodbUri ? [mongodbUri] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'public-data-seed.ts'), ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`public-data-seed.ts exited with ${code}`)))));
}

/** The built server (and the floor) over the seeded documents, while `run` measures them; `dir` is its data folder. */
export async function withPublicDataServer<R>(run: (servers: { pid: number; floorPid: number; dir: string }) => Promise<R>): Promise<R> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-public-data-'));
  const floorProcess = await startBenchProcess('floor-server.ts', PORT + 1);
  try {
    await seedPublicData({ dir });
    const server = await startBuiltServer({ port: PORT, dir, env: PUBLIC_DATA_ENV });
    try {
      return await run({ pid: server.pid ?? 0, floorPid: floorProcess.pid ?? 0, dir });
    } finally {
      await stopProcess(server);
    }
  } finally {
    floorProcess.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor process's fixed list of 20. */
export const floorTarget = ({ port, pid }: { port: number; pid: number }): Target => ({ port, path: '/bench/floor?owner=owner-42', pid });

/** The app's own list of the 20 newest, then its create of one, on a built server at `port`. */
export function listAndCreateTargets({ port }: { port: number }): [Target, Target] {
  const headers = { authorization };
  return [
    { port, path: `${documentsPath}?limit=20`, headers },
    {
      port,
      path: documentsPath,
      method: 'POST',
      body: JSON.stringify({ title: 'Bench lamp', category: 'c7', price: 12, inStock: true }),
      headers: { ...headers, 'content-type': 'application/json' },
    },
  ];
}

/**
 * The floor, then the product's list, one owner's list, the create and the three searches, in that
 * order: the owner's list right after the list it is held to, so that in each round both follow
 * reads (a target after the create and the searches meets their background work: recounts after
 * the write, the worker's slow counts).
 */
export function publicDataTargets(floorPid: number): Target[] {
  const headers = { authorization };
  const [list, create] = listAndCreateTargets({ port: PORT });
  return [
    floorTarget({ port: PORT + 1, pid: floorPid }),
    list,
    { port: PORT, path: `${documentsPath}?limit=20&query=${encodeURIComponent(JSON.stringify({ _owner: BENCH_OWNER }))}`, headers },
    create,
    { port: PORT, path: searchPath(THOUSANDTH_WORD), headers },
    { port: PORT, path: searchPath(HUNDREDTH_WORD), headers },
    { port: PORT, path: searchPath(SEARCH_WORD), headers },
  ];
}

/** publicDataTargets' measures by name, in the targets' order (the peers bench reads the create's too). */
export function publicDataMeasures(measures: Measure[]): Record<'floor' | 'newest' | 'owned' | 'create' | 'thousandth' | 'hundredth' | 'tenth', Measure> {
  const [floor, newest, owned, create, thousandth, hundredth, tenth] = measures;
  return { floor, newest, owned, create, thousandth, hundredth, tenth };
}

/** The rows of publicDataTargets' measures, then the server's memory. */
export async function publicDataRows({ measures, pid, dir }: { measures: Measure[]; pid: number; dir: string }): Promise<BenchRow[]> {
  const { floor, newest, owned, create, thousandth, hundredth, tenth } = publicDataMeasures(measures);
  const rss = rssMbOf(pid);
  const heap = await heapHolders({ pid, dir, healthUrl: `http://127.0.0.1:${PORT}/api/health` });
  return [
    { name: 'public floor', measures: `requests/s, bare Express + validator answering a fixed list of 20 (a process of its own), ${CONNECTIONS} connections`, value: floor.rps, unit: 'req/s' },
    { name: 'public floor CPU', measures: 'CPU µs the floor process spent per request, all rounds', value: floor.cpuUs ?? 0, unit: 'µs/req' },
    ...rows({ label: '20 newest', measure: newest, floor }),
    ...rows({ label: 'create one', measure: create, floor }),
    ...searchRows({ label: `"${THOUSANDTH_WORD}" (0.1%)`, measure: thousandth, list: newest, target: false }),
    ...searchRows({ label: `"${HUNDREDTH_WORD}" (1%)`, measure: hundredth, list: newest, target: true }),
    ...searchRows({ label: `"${SEARCH_WORD}" (10%)`, measure: tenth, list: newest, target: false }),
    {
      name: 'public owner-filtered 20 newest',
      measures: `requests/s, one owner's 20 newest (1 in 100 documents) through the _owner index; floor: the unfiltered 20 newest of the same run; target ${OWNER_SHARE_OF_UNFILTERED * 100}% of it`,
      value: owned.rps,
      unit: 'req/s',
      floor: newest.rps,
      target: { atLeast: OWNER_SHARE_OF_UNFILTERED * newest.rps },
    },
    { name: 'public owner-filtered 20 newest p99', measures: 'p99 latency of the owner-filtered requests', value: owned.p99, unit: 'ms' },
    { name: 'public owner-filtered 20 newest CPU', measures: 'CPU µs the server spent per owner-filtered request, all rounds; floor: per unfiltered 20-newest request', value: owned.cpuUs ?? 0, unit: 'µs/req', floor: newest.cpuUs },
    { name: 'public RSS after load', measures: "the built server's resident memory after all the rounds above", value: rss, unit: 'MB', target: { atMost: MAX_RSS_MB } },
    { name: 'public heap after load', measures: "the V8 heap's live objects then (a heap snapshot's self sizes)", value: heap.total, unit: 'MB' },
    ...heap.holders.slice(0, HOLDERS_SHOWN).map((holder) => ({ name: `public heap: ${holder.name}`, measures: 'self size of that kind in the snapshot', value: holder.mb, unit: 'MB' })),
  ];
}

export const runPublicDataBench = (): Promise<BenchRow[]> =>
  withPublicDataServer(async ({ pid, floorPid, dir }) =>
    publicDataRows({ measures: await withPinnedCores({ servers: [pid, floorPid], measure: () => measureTargets({ targets: publicDataTargets(floorPid), pid }) }), pid, dir }),
  );
