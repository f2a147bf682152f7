// Cold start: milliseconds from spawning the compiled server (`node dist/server/main.js --demo`,
// demo data already in its SQLite file) to its first 200 from /api/health, median of
// BENCH_STARTS starts. The floor is a bare node:http server started and polled the same way,
// interleaved with the real starts so both see the same machine. The CPU the server used
// until that answer is reported too: the shared machine stretches wall time, not CPU time.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
const FLOOR_SERVER = "require('node:http').createServer((req, res) => res.end('{}')).listen(Number(process.env.PORT))";

const healthy = (): Promise<boolean> =>
  new Promise((done) => {
    const req = get({ host: '127.0.0.1', port: PORT, path: '/api/health', agent: false }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Spawns the command, polls /api/health until it answers, stops the process. */
async function timeToHealth({ args, env }: { args: string[]; env: NodeJS.ProcessEnv }): Promise<{ ms: number; cpuMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(PORT) }, stdio: 'ignore' });
  try {
    while (!(await healthy())) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`${args.join(' ')} did not answer /api/health`);
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

export async function runColdStartBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-start-'));
  const env = { ...START_ENV, NODE_ENV: 'production', SESSION_SECRET: 'bench', SQLITE_PATH: join(dir, 'start.sqlite'), MONGODB_URI: '', SMTP_URL: '' };
  const server = { args: [SERVER_ENTRY, '--demo'], env };
  const floor = { args: ['-e', FLOOR_SERVER], env: {} };
  try {
    const seeding = await timeToHealth(server);
    const servers: { ms: number; cpuMs: number }[] = [];
    const floors: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      floors.push(await timeToHealth(floor));
      servers.push(await timeToHealth(server));
    }
    const ms = (runs: { ms: number }[]): number => median(runs.map((r) => r.ms));
    const cpu = (runs: { cpuMs: number }[]): number => median(runs.map((r) => r.cpuMs));
    return [
      {
        name: 'cold start',
        measures: `ms from spawning node dist/server/main.js --demo (demo data there) to its first /api/health 200, median of ${STARTS}; floor: bare node:http`,
        value: ms(servers),
        unit: 'ms',
        floor: ms(floors),
        target: { atMost: TARGET_MS },
      },
      { name: 'cold start CPU', measures: 'user+sys CPU ms the server used until that first answer, median of the same starts', value: cpu(servers), unit: 'ms', floor: cpu(floors) },
      { name: 'first start, seeding', measures: 'the same on an empty SQLite file: demo data is written (two argon2 hashes, a year of app data)', value: seeding.ms, unit: 'ms' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
