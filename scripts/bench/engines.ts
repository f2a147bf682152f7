// `npm run bench -- engines` (issue 30 item 5): the app's own list of the 20 newest and its create
// of one on the built server over each storage engine, in one table beside the floor: the SQLite
// file (one instance), FerretDB over SQLite and FerretDB over PostgreSQL (scripts/peers/ferretdb.sh),
// each with one instance and with two on the same FerretDB, the load split across both ports.
// Every server runs at once and the targets are measured in the same interleaved rounds (load.ts).
// Two instances share the machine's cores with each other and with FerretDB and PostgreSQL, so
// the rows give the rate and the CPU per request (the server's, and the database's apart), not a
// scaling claim. No targets: it informs the sizing in docs/deployment.md.
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './bench-row';
import { measureTargets } from './load';
import type { Measure, Target } from './load';
import { PUBLIC_DATA_ENV, floorTarget, listAndCreateTargets, seedPublicData } from './public-data';
import { startBenchProcess } from './child-process';
import { startBuiltServer, stopProcess } from './built-server';
import { ROOT } from './production-build';
import { cpuMsOf, treeCpuMsOf } from './proc';

const PORT = Number(process.env.BENCH_ENGINES_PORT ?? 3241);
const SQLITE_DOCUMENTS = 100_000;
/** A smaller collection on FerretDB: it reads the whole collection for the 20 newest (sorting in Go), and over 5,000 documents a loaded run's list met the server's 5 s query limit. */
const FERRETDB_DOCUMENTS = Number(process.env.BENCH_ENGINES_FERRETDB_DOCUMENTS ?? 2_000);
const FERRETDB = join(ROOT, 'scripts', 'peers', 'ferretdb.sh');
/**
 * Fewer connections than the other benches' 50, and rounds of 10 s, not 2: on FerretDB a loaded
 * run's list took over 2 s a request, and a 2 s round completed none at all.
 */
const CONNECTIONS = 10;
const ROUND_SECONDS = 10;

/** One engine's store, its seeded documents and the built servers over it. */
interface Engine {
  label: string;
  documents: number;
  servers: ChildProcess[];
  ports: number[];
  /** The database processes apart from the server (FerretDB and its PostgreSQL), none for the SQLite file. */
  storeCpuMs?: () => number;
  stop: () => Promise<void>;
}

const pidOf = (child: ChildProcess): number => child.pid ?? 0;
const sumCpu = (servers: ChildProcess[]) => (): number => servers.reduce((sum, child) => sum + cpuMsOf(pidOf(child)), 0);

/** Built servers on consecutive ports from `port`, one after the other (each start brings the store up to date). */
async function startServers({ port, count, dir, env }: { port: number; count: number; dir: string; env: Record<string, string> }): Promise<ChildProcess[]> {
  const servers: ChildProcess[] = [];
  for (let i = 0; i < count; i += 1) servers.push(await startBuiltServer({ port: port + i, dir, env: { ...PUBLIC_DATA_ENV, ...env } }));
  return servers;
}

async function sqliteEngine(port: number): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-engines-sqlite-'));
  await seedPublicData({ dir, count: SQLITE_DOCUMENTS });
  const servers = await startServers({ port, count: 1, dir, env: {} });
  return {
    label: 'SQLite',
    documents: SQLITE_DOCUMENTS,
    servers,
    ports: [port],
    stop: async () => {
      await Promise.all(servers.map(stopProcess));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function ferretDbEngine({ port, handler }: { port: number; handler: 'sqlite' | 'postgresql' }): Promise<Engine> {
  const runDir = mkdtempSync(join(tmpdir(), `nindo-bench-engines-ferretdb-${handler}-`));
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-engines-data-'));
  const env = { ...process.env, FERRETDB_HANDLER: handler };
  const uri = execFileSync('bash', [FERRETDB, 'start', runDir], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const stopFerretDb = (): void => {
    execFileSync('bash', [FERRETDB, 'stop', runDir], { env, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await seedPublicData({ dir, count: FERRETDB_DOCUMENTS, mongodbUri: uri });
    const servers = await startServers({ port, count: 2, dir, env: { MONGODB_URI: uri } });
    const pids = [readFileSync(join(runDir, 'pid'), 'utf8'), ...(handler === 'postgresql' ? [readFileSync(join(runDir, 'postgres', 'pid'), 'utf8')] : [])].map(Number);
    return {
      label: `FerretDB over ${handler === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      documents: FERRETDB_DOCUMENTS,
      servers,
      ports: [port, port + 1],
      storeCpuMs: () => pids.reduce((sum, pid) => sum + treeCpuMsOf(pid), 0),
      stop: async () => {
        await Promise.all(servers.map(stopProcess));
        stopFerretDb();
      },
    };
  } catch (err) {
    stopFerretDb();
    throw err;
  }
}

/** The list and the create on one instance, then (with two) on both, the connections split between them. */
function engineTargets(engine: Engine): { label: string; target: Target }[] {
  return engine.ports.flatMap((_, i) => {
    const instances = i + 1;
    const servers = engine.servers.slice(0, instances);
    const [list, create] = listAndCreateTargets({ port: engine.ports[0] });
    const extra = { alsoPorts: engine.ports.slice(1, instances), cpuMs: sumCpu(servers), storeCpuMs: engine.storeCpuMs };
    const label = `${engine.label}, ${instances === 1 ? 'one instance' : 'two instances'}`;
    return [
      { label: `${label}: 20 newest`, target: { ...list, ...extra } },
      { label: `${label}: create one`, target: { ...create, ...extra } },
    ];
  });
}

function engineRows({ label, documents, measure, floor }: { label: string; documents: number; measure: Measure; floor: Measure }): BenchRow[] {
  const collection = `${documents.toLocaleString('en-US')} documents${documents < SQLITE_DOCUMENTS ? ` (not ${SQLITE_DOCUMENTS.toLocaleString('en-US')}: FerretDB reads the whole collection for the list)` : ''}`;
  const sqliteNote = label.startsWith('SQLite') ? '; one instance only: two servers on one SQLite file is not a supported deployment (each holds its own caches and write queue)' : '';
  return [
    { name: `engines ${label}`, measures: `requests/s, the built server, the app's own call over HTTP Basic, ${collection}, ${CONNECTIONS} connections in all${sqliteNote}`, value: measure.rps, unit: 'req/s', floor: floor.rps },
    { name: `engines ${label} p99`, measures: 'p99 latency (the worse instance\'s when two)', value: measure.p99, unit: 'ms' },
    { name: `engines ${label} CPU`, measures: 'CPU µs the server process(es) spent per request; floor: the floor process\'s', value: measure.cpuUs ?? 0, unit: 'µs/req', floor: floor.cpuUs },
    ...(measure.storeCpuUs === undefined ? [] : [{ name: `engines ${label} database CPU`, measures: 'CPU µs FerretDB (and PostgreSQL with its backends) spent per request', value: measure.storeCpuUs, unit: 'µs/req' }]),
  ];
}

export async function runEnginesBench(): Promise<BenchRow[]> {
  const floorProcess = await startBenchProcess('floor-server.ts', PORT);
  const engines: Engine[] = [];
  try {
    engines.push(await sqliteEngine(PORT + 1));
    engines.push(await ferretDbEngine({ port: PORT + 2, handler: 'sqlite' }));
    engines.push(await ferretDbEngine({ port: PORT + 4, handler: 'postgresql' }));
    const measured = engines.flatMap((engine) => engineTargets(engine).map((row) => ({ ...row, documents: engine.documents })));
    const targets = [floorTarget({ port: PORT, pid: pidOf(floorProcess) }), ...measured.map((row) => row.target)];
    const [floor, ...measures] = await measureTargets({ targets, connections: CONNECTIONS, pid: pidOf(floorProcess), roundSeconds: ROUND_SECONDS });
    return [
      { name: 'engines floor', measures: `requests/s, bare Express + validator answering a fixed list of 20 (a process of its own), ${CONNECTIONS} connections`, value: floor.rps, unit: 'req/s' },
      { name: 'engines floor CPU', measures: 'CPU µs the floor process spent per request, all rounds', value: floor.cpuUs ?? 0, unit: 'µs/req' },
      ...measured.flatMap((row, i) => engineRows({ label: row.label, documents: row.documents, measure: measures[i], floor })),
    ];
  } finally {
    for (const engine of engines) await engine.stop();
    floorProcess.kill('SIGTERM');
  }
}
