// Cold start: milliseconds from spawning the compiled server (`node dist/server/main.js --demo`
// on SQLite, demo data already in its file) to its first 200 from /api/health, median of
// BENCH_STARTS starts. The floor is a bare Express + express-openapi-validator app
// (cold-start-floor.ts) bundled into one file and started and polled the same way, interleaved
// with the real starts so both see the same machine: a regression of the product's start shows
// as a growing gap to it. The CPU each process used until that answer is reported too: the
// shared machine stretches wall time, not CPU time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './bench-row';
import { median } from './bench-row';
import { ensureProductionBuild, SERVER_ENTRY } from './production-build';
import { buildFloor, timeToFirst200 } from './first-200';
import type { Start } from './first-200';
import { START_ENV } from '../../test/helpers/server-process';

const PORT = Number(process.env.BENCH_COLD_START_PORT ?? 3197);
const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const TARGET_MS = 600;

export async function runColdStartBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-start-'));
  const env = { ...START_ENV, NODE_ENV: 'production', SESSION_SECRET: 'bench', SQLITE_PATH: join(dir, 'start.sqlite'), MONGODB_URI: '', SMTP_URL: '' };
  try {
    const server: Start = { args: [SERVER_ENTRY, '--demo'], env, path: '/api/health' };
    const floor: Start = { args: [await buildFloor(dir)], env: { ...START_ENV, NODE_ENV: 'production', BENCH_API: join(__dirname, 'bench-api.yaml') }, path: '/bench/floor' };
    const time = (start: Start): Promise<{ ms: number; cpuMs: number }> => timeToFirst200({ ...start, port: PORT });
    const seeding = await time(server);
    const servers: { ms: number; cpuMs: number }[] = [];
    const floors: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      floors.push(await time(floor));
      servers.push(await time(server));
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
