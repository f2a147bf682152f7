// Cold start: milliseconds from spawning the compiled server (`node dist/server/main.js --demo`
// on SQLite, demo data already in its file) to its first 200 from /api/health, median of
// BENCH_STARTS starts. The floor is a bare Express + express-openapi-validator app
// (cold-start-floor.ts) bundled into one file and started and polled the same way, interleaved
// with the real starts so both see the same machine: a regression of the product's start shows
// as a growing gap to it. The CPU each process used until that answer is reported too: the
// shared machine stretches wall time, not CPU time.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { BenchRow } from './bench-row';
import { median } from './bench-row';
import { ensureProductionBuild, ROOT, SERVER_ENTRY } from './production-build';
import { cpuMsOf } from './proc';
import { START_ENV } from '../../test/helpers/server-process';

const PORT = Number(process.env.BENCH_COLD_START_PORT ?? 3197);
const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const TARGET_MS = 600;
const POLL_MS = 5;
const GIVE_UP_MS = 60_000;

interface Start {
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Polled until it answers 200. */
  path: string;
}

const answers200 = (path: string): Promise<boolean> =>
  new Promise((done) => {
    const req = get({ host: '127.0.0.1', port: PORT, path, agent: false }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Spawns the command, polls `path` until it answers 200, stops the process. */
async function timeToFirst200({ args, env, path }: Start): Promise<{ ms: number; cpuMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(PORT) }, stdio: 'ignore' });
  try {
    while (!(await answers200(path))) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`${args.join(' ')} did not answer ${path}`);
      await sleep(POLL_MS);
    }
    const ms = performance.now() - started;
    return { ms, cpuMs: cpuMsOf(child.pid ?? 0) };
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

/** The floor app as one minified CommonJS file with its packages, like dist/server/main.js. */
async function buildFloor(dir: string): Promise<string> {
  const outfile = join(dir, 'floor.js');
  await build({ entryPoints: [join(__dirname, 'cold-start-floor.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node22', minify: true, logLevel: 'error' });
  return outfile;
}

export async function runColdStartBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-start-'));
  const env = { ...START_ENV, NODE_ENV: 'production', SESSION_SECRET: 'bench', SQLITE_PATH: join(dir, 'start.sqlite'), MONGODB_URI: '', SMTP_URL: '' };
  try {
    const server: Start = { args: [SERVER_ENTRY, '--demo'], env, path: '/api/health' };
    const floor: Start = { args: [await buildFloor(dir)], env: { ...START_ENV, NODE_ENV: 'production', BENCH_API: join(__dirname, 'bench-api.yaml') }, path: '/bench/floor' };
    const seeding = await timeToFirst200(server);
    const servers: { ms: number; cpuMs: number }[] = [];
    const floors: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      floors.push(await timeToFirst200(floor));
      servers.push(await timeToFirst200(server));
    }
    const ms = (runs: { ms: number }[]): number => median(runs.map((r) => r.ms));
    const cpu = (runs: { cpuMs: number }[]): number => median(runs.map((r) => r.cpuMs));
    return [
      {
        name: 'cold start',
        measures: `ms from spawning node dist/server/main.js --demo (SQLite, demo data there) to its first /api/health 200, median of ${STARTS}; floor: a bare Express + validator app bundled and started the same way, to its first 200`,
        value: ms(servers),
        unit: 'ms',
        floor: ms(floors),
        target: { atMost: TARGET_MS },
      },
      { name: 'cold start CPU', measures: 'user+sys CPU ms each process used until that first answer, median of the same starts', value: cpu(servers), unit: 'ms', floor: cpu(floors) },
      { name: 'first start, seeding', measures: 'the same on an empty SQLite file: demo data is written (two argon2 hashes, a year of app data)', value: seeding.ms, unit: 'ms' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
