// Public data API bench (issue 18, item 3): what one call of an app's server costs against the
// bare Express + validator floor of the same run. The app itself calls (HTTP Basic with its App
// ID and Secret, no session, no compression asked) for the 20 newest documents of a collection
// of 100k, and to create one. Target: each at least 40% of the floor's requests a second.
// Issue 28: the 20 newest of one owner (1,000 of the 100k; the filter an `owner` rule ANDs into a
// store's list, here sent as the query so that both lists authenticate alike), at least 90% of
// the unfiltered list's rate: the _owner index serves it without a scan.
import { startBenchProcess } from './child-process';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureTargets } from './load';
import type { Measure, Target } from './load';
import { COLLECTION, DB_APP } from './database-data';

export const PUBLIC_APP_SECRET = 'sk_bench-public-data-secret';
const PORT = Number(process.env.BENCH_PUBLIC_DATA_PORT ?? 3211);
const DOCUMENTS = 100_000;
const SHARE_OF_FLOOR = 0.4;
const OWNER_SHARE_OF_UNFILTERED = 0.9;
/** public-data-server.ts gives the documents of category c{k} the owner store-{k}. */
export const BENCH_OWNER = 'store-42';

const documentsPath = `/api/v1/data/${DB_APP}/collections/${COLLECTION}/documents`;
const authorization = `Basic ${Buffer.from(`${DB_APP}:${PUBLIC_APP_SECRET}`).toString('base64')}`;

function rows({ label, measure, floor }: { label: string; measure: Measure; floor: Measure }): BenchRow[] {
  return [
    {
      name: `public ${label}`,
      measures: `requests/s, the app's own call over HTTP Basic, ${DOCUMENTS.toLocaleString('en-US')} documents, ${CONNECTIONS} connections; target ${SHARE_OF_FLOOR * 100}% of the floor's`,
      value: measure.rps,
      unit: 'req/s',
      floor: floor.rps,
      target: { atLeast: SHARE_OF_FLOOR * floor.rps },
    },
    { name: `public ${label} p99`, measures: `p99 latency of the ${label} requests`, value: measure.p99, unit: 'ms' },
    { name: `public ${label} CPU`, measures: `CPU µs the server spent per ${label} request, all rounds; floor: the floor's in the same process and run`, value: measure.cpuUs ?? 0, unit: 'µs/req', floor: floor.cpuUs },
  ];
}

export async function runPublicDataBench(): Promise<BenchRow[]> {
  const child = await startBenchProcess('public-data-server.ts', PORT, [String(DOCUMENTS)]);
  try {
    const headers = { authorization };
    const targets: Target[] = [
      { port: PORT + 1, path: '/bench/floor?owner=owner-42' },
      { port: PORT, path: `${documentsPath}?limit=20`, headers },
      { port: PORT, path: `${documentsPath}?limit=20&query=${encodeURIComponent(JSON.stringify({ _owner: BENCH_OWNER }))}`, headers },
      {
        port: PORT,
        path: documentsPath,
        method: 'POST',
        body: JSON.stringify({ title: 'Bench lamp', category: 'c7', price: 12, inStock: true }),
        headers: { ...headers, 'content-type': 'application/json' },
      },
    ];
    const [floor, newest, owned, create] = await measureTargets({ targets, pid: child.pid });
    return [
      { name: 'public floor', measures: `requests/s, bare Express + validator answering a fixed list of 20, ${CONNECTIONS} connections`, value: floor.rps, unit: 'req/s' },
      { name: 'public floor CPU', measures: 'CPU µs the server spent per floor request, all rounds', value: floor.cpuUs ?? 0, unit: 'µs/req' },
      ...rows({ label: '20 newest', measure: newest, floor }),
      ...rows({ label: 'create one', measure: create, floor }),
      {
        name: 'public owner-filtered 20 newest',
        measures: `requests/s, one owner's 20 newest (1 in 100 documents) through the _owner index; floor: the unfiltered 20 newest of the same run; target ${OWNER_SHARE_OF_UNFILTERED * 100}% of it`,
        value: owned.rps,
        unit: 'req/s',
        floor: newest.rps,
        target: { atLeast: OWNER_SHARE_OF_UNFILTERED * newest.rps },
      },
      { name: 'public owner-filtered 20 newest p99', measures: 'p99 latency of the owner-filtered requests', value: owned.p99, unit: 'ms' },
    ];
  } finally {
    child.kill('SIGTERM');
  }
}
