// People bench (issue 36 item 19): what an app developer sends, measured on the built server as
// `npm start` runs it (`dist/server/main.js --demo`, its log written to a file). The rows are loaded
// through the product's CSV import (people-data.ts), then the app calls over HTTP Basic, every
// list with its total as the API answers it: the 20 newest; the 20 whose name contains a text in
// 1% of them, in the default order and sorted by the collection's own `created` field; and a
// create. Beside the bare Express + validator floor in the same interleaved rounds (and
// PocketBase with the same rows in `npm run bench -- peers`). Targets: the list and the create at
// least 40% of the floor's rate, each search at least half the list's with its p99 under 3x its p50.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './bench-row';
import { postCsv } from './post-csv';
import { startBenchProcess } from './child-process';
import { CONNECTIONS, measureTargets } from './load';
import type { Measure, Target } from './load';
import { pinningNote, withPinnedCores } from './cpu-pinning';
import { startBuiltServer, stopProcess } from './built-server';
import { SESSION_SECRET, sessionCookie } from './app-users-data';
import { floorTarget } from './public-data';
import { PEOPLE, PEOPLE_APP, PEOPLE_ROWS, PEOPLE_SECRET, SEARCH_TEXT, newPerson, writePeopleCsv } from './people-data';

const PORT = Number(process.env.BENCH_PEOPLE_PORT ?? 3241);
const SHARE_OF_FLOOR = 0.4;
const SHARE_OF_LIST = 0.5;
const MAX_TAIL = 3;
const IMPORT_MS = 300_000;

const documentsPath = `/api/v1/data/${PEOPLE_APP}/collections/${PEOPLE}/documents`;
const importPath = `/integrations/developer/apps/${PEOPLE_APP}/db/collection/${PEOPLE}/document/import`;
const authorization = `Basic ${Buffer.from(`${PEOPLE_APP}:${PEOPLE_SECRET}`).toString('base64')}`;
const searchQuery = encodeURIComponent(JSON.stringify({ name: { $regex: SEARCH_TEXT, $options: 'i' } }));
const byCreated = encodeURIComponent(JSON.stringify({ created: -1 }));

/** Posts the CSV as the developer and waits for its import to finish with every row stored. */
async function importPeople(dir: string): Promise<void> {
  const file = join(dir, 'people.csv');
  await writePeopleCsv(file);
  const answer = await postCsv({ port: PORT, path: importPath, file });
  if (answer.status !== 202) throw new Error(`import answered ${answer.status}: ${answer.body}`);
  const id = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
  const deadline = Date.now() + IMPORT_MS;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${PORT}${importPath}/${id}`, { headers: { cookie: sessionCookie() } });
    const { data } = (await res.json()) as { data: { status: string; imported: number; failed: number } };
    if (data.status === 'finished') {
      if (data.imported !== PEOPLE_ROWS || data.failed !== 0) throw new Error(`import finished with ${JSON.stringify(data)}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the import did not finish within ${IMPORT_MS / 1000} s`);
}

function seedPeople(dir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'people-seed.ts'), dir, SESSION_SECRET], { stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`people-seed.ts exited with ${code}`)))));
}

/** The built server over the imported people (with the demo's data, as `npm start` runs it), and the floor beside it, while `run` measures them. */
export async function withPeopleServer<R>(run: (servers: { pid: number; floorPid: number }) => Promise<R>, { demo = true } = {}): Promise<R> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-people-'));
  const floorProcess = await startBenchProcess('floor-server.ts', PORT + 1);
  try {
    await seedPeople(dir);
    const server = await startBuiltServer({ port: PORT, dir, env: { SESSION_SECRET, DATA_MAX_REQUESTS_PER_MINUTE: '10000000' }, demo });
    try {
      await importPeople(dir);
      return await run({ pid: server.pid ?? 0, floorPid: floorProcess.pid ?? 0 });
    } finally {
      await stopProcess(server);
    }
  } finally {
    floorProcess.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor, the list, the two searches, then the create (last, so that every read follows reads). */
export function peopleTargets(floorPid: number): Target[] {
  const headers = { authorization };
  return [
    floorTarget({ port: PORT + 1, pid: floorPid }),
    { port: PORT, path: `${documentsPath}?limit=20`, headers },
    { port: PORT, path: `${documentsPath}?limit=20&query=${searchQuery}`, headers },
    { port: PORT, path: `${documentsPath}?limit=20&query=${searchQuery}&sort=${byCreated}`, headers },
    { port: PORT, path: documentsPath, method: 'POST', body: JSON.stringify(newPerson()), headers: { ...headers, 'content-type': 'application/json' } },
  ];
}

export type PeopleMeasures = Record<'floor' | 'newest' | 'search' | 'sortedSearch' | 'create', Measure>;

export function peopleMeasures(measures: Measure[]): PeopleMeasures {
  const [floor, newest, search, sortedSearch, create] = measures;
  return { floor, newest, search, sortedSearch, create };
}

const served = `the built server, ${PEOPLE_ROWS.toLocaleString('en-US')} people imported from CSV, the app's own call over HTTP Basic, ${CONNECTIONS} connections`;

function againstFloor({ label, measure, floor }: { label: string; measure: Measure; floor: Measure }): BenchRow[] {
  return [
    { name: `people ${label}`, measures: `requests/s, ${served}; floor: the Express + validator floor's; target ${SHARE_OF_FLOOR * 100}% of it`, value: measure.rps, unit: 'req/s', floor: floor.rps, target: { atLeast: SHARE_OF_FLOOR * floor.rps } },
    { name: `people ${label} p99`, measures: `p99 latency; floor: its p50`, value: measure.p99, unit: 'ms', floor: measure.p50 },
    { name: `people ${label} CPU`, measures: 'CPU µs the server spent per request, all rounds; floor: the floor process\'s', value: measure.cpuUs ?? 0, unit: 'µs/req', floor: floor.cpuUs },
  ];
}

function againstList({ label, measure, list }: { label: string; measure: Measure; list: Measure }): BenchRow[] {
  return [
    { name: `people ${label}`, measures: `requests/s, the 20 first whose name contains "${SEARCH_TEXT}" (1%), with the total; floor: the 20-newest list's; target ${SHARE_OF_LIST * 100}% of it`, value: measure.rps, unit: 'req/s', floor: list.rps, target: { atLeast: SHARE_OF_LIST * list.rps } },
    { name: `people ${label} p99`, measures: `p99 latency; floor: its p50; target under ${MAX_TAIL}x the p50`, value: measure.p99, unit: 'ms', floor: measure.p50, target: { atMost: MAX_TAIL * measure.p50 } },
    { name: `people ${label} CPU`, measures: 'CPU µs the server spent per search; floor: per 20-newest list request', value: measure.cpuUs ?? 0, unit: 'µs/req', floor: list.cpuUs },
  ];
}

export function peopleRows(measures: PeopleMeasures): BenchRow[] {
  const { floor, newest, search, sortedSearch, create } = measures;
  return [
    { name: 'people floor', measures: `requests/s, bare Express + validator answering a fixed list of 20 (a process of its own, ${pinningNote()})`, value: floor.rps, unit: 'req/s' },
    { name: 'people floor p99', measures: "p99 latency of the floor's requests, the machine's own tail; floor: its p50", value: floor.p99, unit: 'ms', floor: floor.p50 },
    ...againstFloor({ label: '20 newest', measure: newest, floor }),
    ...againstList({ label: 'contains, default order', measure: search, list: newest }),
    ...againstList({ label: 'contains, sort created desc', measure: sortedSearch, list: newest }),
    ...againstFloor({ label: 'create one', measure: create, floor }),
  ];
}

export const runPublicPeopleBench = (): Promise<BenchRow[]> =>
  withPeopleServer(async ({ pid, floorPid }) =>
    peopleRows(peopleMeasures(await withPinnedCores({ servers: [pid, floorPid], measure: () => measureTargets({ targets: peopleTargets(floorPid), pid }) }))),
  );
