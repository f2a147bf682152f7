// `npm run bench -- peers` (issues 29 and 36): PocketBase v0.40.4 beside the built product server
// in one run. PocketBase (scripts/peers/pocketbase.sh builds it once) serves the people bench's
// rows (people-data.ts) in a `people` collection (an index on `created`), written straight into
// its SQLite file; its list of the 20 newest (with its default total and with skipTotal), the 1%
// search in its default order and sorted by `created`, each with its total, and a create are
// measured in the same interleaved rounds as the product's rows (public-people.ts). Target: the
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
import { PEOPLE_ROWS, SEARCH_TEXT, newPerson, person } from './people-data';
import { peopleMeasures, peopleRows, peopleTargets, withPeopleServer } from './public-people';
import { ROOT } from './production-build';
import { stopProcess } from './built-server';

const PORT = Number(process.env.BENCH_PEERS_PORT ?? 3231);
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-peers-password';
export const POCKETBASE_URL = `http://127.0.0.1:${PORT}`;

export const pocketBaseBinary = (): string => execFileSync('bash', [join(ROOT, 'scripts', 'peers', 'pocketbase.sh'), 'build'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

export async function startPocketBase({ bin, dir }: { bin: string; dir: string }): Promise<ChildProcess> {
  if (await fetch(`${POCKETBASE_URL}/api/health`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken (BENCH_PEERS_PORT picks another)`);
  // PocketBase writes a migration file for each collection change into pb_migrations beside its data folder: both inside `dir`.
  const data = join(dir, 'pb_data');
  execFileSync(bin, ['superuser', 'upsert', EMAIL, PASSWORD, '--dir', data], { cwd: dir, stdio: 'ignore' });
  const child = spawn(bin, ['serve', `--http=127.0.0.1:${PORT}`, '--dir', data], { cwd: dir, stdio: 'ignore' });
  for (let tries = 0; tries < 300; tries += 1) {
    if (await fetch(`${POCKETBASE_URL}/api/health`).then((res) => res.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('PocketBase did not answer /api/health within 60 s');
}

async function call(path: string, { token, body }: { token?: string; body: unknown }): Promise<Record<string, unknown>> {
  const res = await fetch(`${POCKETBASE_URL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`PocketBase ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Creates a collection as the superuser (`POST /api/collections`, its JSON as PocketBase takes it). */
export async function createPocketBaseCollection(collection: Record<string, unknown>): Promise<void> {
  const { token } = await call('/api/collections/_superusers/auth-with-password', { body: { identity: EMAIL, password: PASSWORD } });
  await call('/api/collections', { token: String(token), body: collection });
}

/** The `people` collection, open to anyone for list, view and create, then the same people written into its table. */
async function seedPocketBase(dir: string): Promise<void> {
  await createPocketBaseCollection({
    name: 'people',
    type: 'base',
    listRule: '',
    viewRule: '',
    createRule: '',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'email', type: 'email' },
      { name: 'age', type: 'number' },
      { name: 'city', type: 'text' },
      { name: 'active', type: 'bool' },
      { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
    ],
    indexes: ['CREATE INDEX idx_people_created ON people (created)'],
  });
  const db = new Database(join(dir, 'pb_data', 'data.db'));
  try {
    const insert = db.prepare('INSERT INTO people (id, name, email, age, city, active, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    // PocketBase's dates: "2024-01-01 00:00:00.000Z".
    const date = (iso: string): string => iso.replace('T', ' ');
    db.transaction(() => {
      for (let i = 0; i < PEOPLE_ROWS; i += 1) {
        const p = person(i);
        insert.run(`p${String(i).padStart(14, '0')}`, p.name, p.email, p.age, p.city, p.active ? 1 : 0, date(p.created), date(p.created));
      }
    })();
  } finally {
    db.close();
  }
}

/** The people bench's requests in PocketBase's terms, each list with its total (its default) as the product's answer it. */
function pocketBaseTargets(pid: number): Target[] {
  const records = '/api/collections/people/records';
  const search = encodeURIComponent(`name~'${SEARCH_TEXT}'`);
  const { name, email, age, city, active } = newPerson();
  return [
    { port: PORT, path: `${records}?perPage=20&sort=-created`, pid },
    { port: PORT, path: `${records}?perPage=20&sort=-created&skipTotal=1`, pid },
    { port: PORT, path: `${records}?perPage=20&filter=${search}`, pid },
    { port: PORT, path: `${records}?perPage=20&filter=${search}&sort=-created`, pid },
    { port: PORT, path: records, method: 'POST', body: JSON.stringify({ name, email, age, city, active }), headers: { 'content-type': 'application/json' }, pid },
  ];
}

/** The same request of the product's beside PocketBase's, both with their totals: no target, a comparison. */
const versus = ({ label, product, peer }: { label: string; product: Measure; peer: Measure }): BenchRow[] => [
  { name: `people ${label} vs PocketBase`, measures: "the product's requests/s; floor: PocketBase's in the same run", value: product.rps, unit: 'req/s', floor: peer.rps },
];

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
      return await withPeopleServer(async ({ pid, floorPid }) => {
        const productTargets = peopleTargets(floorPid);
        const targets = [...productTargets, ...pocketBaseTargets(pocketBase.pid ?? 0)];
        const measures = await withPinnedCores({ servers: [pid, floorPid, pocketBase.pid ?? 0], measure: () => measureTargets({ targets, pid }) });
        const product = peopleMeasures(measures);
        const [listTotal, list, search, sortedSearch, create] = measures.slice(productTargets.length);
        const contains = `filter name~'${SEARCH_TEXT}'`;
        return [
          ...peopleRows(product),
          ...row('20 newest with its total', 'sort=-created, the default total counted', listTotal),
          ...row('20 newest, skipTotal', 'sort=-created&skipTotal=1', list),
          ...row(`contains "${SEARCH_TEXT}" (1%)`, `${contains}, its default order, with its total`, search),
          ...row(`contains "${SEARCH_TEXT}" (1%), sort created desc`, `${contains}&sort=-created, with its total`, sortedSearch),
          ...row('create one', 'a public create of one record', create),
          ...versus({ label: '20 newest', product: product.newest, peer: listTotal }),
          ...versus({ label: 'contains, default order', product: product.search, peer: search }),
          ...versus({ label: 'contains, sort created desc', product: product.sortedSearch, peer: sortedSearch }),
          { name: 'people create p99 vs PocketBase', measures: "the product's create p99; floor: PocketBase's in the same run; target at most it", value: product.create.p99, unit: 'ms', floor: create.p99, target: { atMost: create.p99 } },
          { name: 'people create vs PocketBase', measures: `the product's creates a second; floor: PocketBase's in the same run (${pinningNote()}); target ahead of it`, value: product.create.rps, unit: 'req/s', floor: create.rps, target: { atLeast: create.rps } },
        ];
      });
    } finally {
      await stopProcess(pocketBase);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
