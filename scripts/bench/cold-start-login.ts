// Cold start to the login page (issue 36: 708-812 ms where it had been 285 ms): milliseconds from
// spawning `node dist/server/main.js` on a SQLite file the demo seed has filled to its first 200
// from /login, the page a new user opens first, median of BENCH_STARTS starts. The floor is the
// cold start bench's bare Express + validator app (cold-start-floor.ts), bundled and started the
// same way, interleaved. Also the WAL the demo seed leaves: the start checkpoints it (server/main.ts).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './bench-row';
import { median } from './bench-row';
import { ensureProductionBuild, SERVER_ENTRY } from './production-build';
import { buildFloor, timeToFirst200 } from './first-200';
import { START_ENV } from '../../test/helpers/server-process';

const PORT = Number(process.env.BENCH_COLD_START_PORT ?? 3198);
const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const TARGET_MS = 300;
/** What the seed may leave in the WAL once the start has checkpointed it (a few writes of the start itself). */
const WAL_TARGET_KB = 1024;

export async function runColdStartLoginBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-login-'));
  const sqlitePath = join(dir, 'start.sqlite');
  const env = { ...START_ENV, NODE_ENV: 'production', SESSION_SECRET: 'bench', SQLITE_PATH: sqlitePath, UPLOADS_DIR: join(dir, 'uploads'), MONGODB_URI: '', SMTP_URL: '' };
  try {
    const floorFile = await buildFloor(dir);
    let walKb = 0;
    await timeToFirst200({ port: PORT, args: [SERVER_ENTRY, '--demo'], env, path: '/login', atFirst200: () => (walKb = statSync(`${sqlitePath}-wal`).size / 1024) });
    const servers: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      floors.push((await timeToFirst200({ port: PORT, args: [floorFile], env: { ...START_ENV, NODE_ENV: 'production', BENCH_API: join(__dirname, 'bench-api.yaml') }, path: '/bench/floor' })).ms);
      servers.push((await timeToFirst200({ port: PORT, args: [SERVER_ENTRY], env, path: '/login' })).ms);
    }
    return [
      {
        name: 'cold start to /login',
        measures: `ms from spawning node dist/server/main.js (SQLite file the demo seed filled) to its first /login 200, median of ${STARTS}; floor: a bare Express + validator app bundled and started the same way, to its first 200`,
        value: median(servers),
        unit: 'ms',
        floor: median(floors),
        target: { atMost: TARGET_MS },
      },
      { name: 'WAL after the demo seed', measures: 'kB in the SQLite WAL at the first /login 200 of the start that wrote the demo data (checkpointed after seeding)', value: walKb, unit: 'kB', target: { atMost: WAL_TARGET_KB } },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
