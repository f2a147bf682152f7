// `npm run bench -- peers` (issue 29): PocketBase v0.40.4 beside the built product server in one
// run. PocketBase (scripts/peers/pocketbase.sh builds it once) serves the same 100,000 documents
// in a `people` collection (an index on `created`), written straight into its SQLite file; its
// list of the 20 newest (with its default total and with skipTotal), the 1% search and a create
// are measured in the same interleaved rounds as the product's rows (public-data.ts). Target: the
// product's create p99 at most PocketBase's, and its create rate ahead.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BenchRow } from './bench-row';
import { CONNECTIONS, measureTargets } from './load';
import { pinningNote, withPinnedCores } from './cpu-pinning';
import type { Measure, Target } from './load';
import { HUNDREDTH_WORD, product } from './database-data';
import { publicDataMeasures, publicDataRows, publicDataTargets, withPublicDataServer } from './public-data';
import { ROOT } from './production-build';
import { stopProcess } from './built-server';

const PORT = Number(process.env.BENCH_PEERS_PORT ?? 3231);
const DOCUMENTS = 100_000;
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-peers-password';
const BASE = `http://127.0.0.1:${PORT}`;

const pocketBaseBinary = (): string => execFileSync('bash', [join(ROOT, 'scripts', 'peers', 'pocketbase.sh'), 'build'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

async function startPocketBase({ bin, dir }: { bin: string; dir: string }): Promise<ChildProcess> {
  if (await fetch(`${BASE}/api/health`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken (BENCH_PEERS_PORT picks another)`);
  // PocketBase writes a migration file for each collection change into pb_migrations beside its data folder: both inside `dir`.
  const data = join(dir, 'pb_data');
  execFileSync(bin, ['superuser', 'upsert', EMAIL, PASSWORD, '--dir', data], { cwd: dir, stdio: 'ignore' });
  const child = spawn(bin, ['serve', `--http=127.0.0.1:${PORT}`, '--dir', data], { cwd: dir, stdio: 'ignore' });
  for (let tries = 0; tries < 300; tries += 1) {
    if (await fetch(`${BASE}/api/health`).then((res) => res.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('PocketBase did not answer /api/health within 60 s');
}

async function call(path: string, { token, body }: { token?: string; body: unknown }): Promise<Record<string, unknown>> {
  const res = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`PocketBase ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The `people` collection, open to anyone for list, view and create, then the documents written into its table. */
async function seedPocketBase(dir: string): Promise<void> {
  const { token } = await call('/api/collections/_superusers/auth-with-password', { body: { identity: EMAIL, password: PASSWORD } });
  await call('/api/collections', {
    token: String(token),
    body: {
      name: 'people',
      type: 'base',
      listRule: '',
      viewRule: '',
      createRule: '',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'category', type: 'text' },
        { name: 'price', type: 'number' },
        { name: 'inStock', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_people_created ON people (created)'],
    },
  });
  const db = new Database(join(dir, 'pb_data', 'data.db'));
  try {
    const insert = db.prepare('INSERT INTO people (id, title, category, price, inStock, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)');
    // PocketBase's dates: "2024-01-01 00:00:00.000Z".
    const date = (iso: unknown): string => String(iso).replace('T', ' ');
    db.transaction(() => {
      for (let i = 0; i < DOCUMENTS; i += 1) {
        const doc = product(i);
        insert.run(`p${String(i).padStart(14, '0')}`, doc.title, doc.category, doc.price, doc.inStock ? 1 : 0, date(doc._created), date(doc._updated));
      }
    })();
  } finally {
    db.close();
  }
}

function pocketBaseTargets(pid: number): Target[] {
  const records = '/api/collections/people/records';
  const search = encodeURIComponent(`title~'${HUNDREDTH_WORD}'`);
  return [
    { port: PORT, path: `${records}?perPage=20&sort=-created`, pid },
    { port: PORT, path: `${records}?perPage=20&sort=-created&skipTotal=1`, pid },
    { port: PORT, path: `${records}?perPage=20&sort=-created&skipTotal=1&filter=${search}`, pid },
    {
      port: PORT,
      path: records,
      method: 'POST',
      body: JSON.stringify({ title: 'Bench lamp', category: 'c7', price: 12, inStock: true }),
      headers: { 'content-type': 'application/json' },
      pid,
    },
  ];
}

const row = (name: string, measures: string, measure: Measure): BenchRow[] => [
  { name: `PocketBase ${name}`, measures: `requests/s, PocketBase v0.40.4, ${measures}, ${CONNECTIONS} connections`, value: measure.rps, unit: 'req/s' },
  { name: `PocketBase ${name} p99`, measures: `p99 latency of those requests`, value: measure.p99, unit: 'ms' },
  { name: `PocketBase ${name} CPU`, measures: 'CPU µs PocketBase spent per request, all rounds', value: measure.cpuUs ?? 0, unit: 'µs/req' },
];

export async function runPeersBench(): Promise<BenchRow[]> {
  const bin = pocketBaseBinary();
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-pocketbase-'));
  try {
    const pocketBase = await startPocketBase({ bin, dir });
    try {
      await seedPocketBase(dir);
      return await withPublicDataServer(async ({ pid, floorPid, dir: productDir }) => {
        const productTargets = publicDataTargets(floorPid);
        const targets = [...productTargets, ...pocketBaseTargets(pocketBase.pid ?? 0)];
        const measures = await withPinnedCores({ servers: [pid, floorPid, pocketBase.pid ?? 0], measure: () => measureTargets({ targets, pid }) });
        const [listTotal, list, search, create] = measures.slice(productTargets.length);
        const productCreate = publicDataMeasures(measures).create;
        return [
          ...(await publicDataRows({ measures: measures.slice(0, productTargets.length), pid, dir: productDir })),
          ...row('20 newest with its total', 'sort=-created, the default total counted', listTotal),
          ...row('20 newest, skipTotal', 'sort=-created&skipTotal=1', list),
          ...row(`contains "${HUNDREDTH_WORD}" (1%)`, `filter title~'${HUNDREDTH_WORD}', newest first, skipTotal=1`, search),
          ...row('create one', 'a public create of one record', create),
          { name: 'public create p99 vs PocketBase', measures: "the product's create p99; floor: PocketBase's in the same run; target at most it", value: productCreate.p99, unit: 'ms', floor: create.p99, target: { atMost: create.p99 } },
          { name: 'public create vs PocketBase', measures: `the product's creates a second; floor: PocketBase's in the same run (${pinningNote()}); target ahead of it`, value: productCreate.rps, unit: 'req/s', floor: create.rps, target: { atLeast: create.rps } },
        ];
      });
    } finally {
      await stopProcess(pocketBase);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
