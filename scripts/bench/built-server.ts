// The built server (`dist/server/main.js`, what `npm start` runs) as a bench's server: started
// with `npm start`'s environment on a data folder a bench seeded, its log written to a file in
// that folder (a production server's log goes to a file or a collector, not to the bench's
// terminal; thrown away, its writes cost less than they do for a real server).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SERVER_ENTRY, ensureServerBuild } from './production-build';

/** What `npm start` sets beside the command, and the flag it gives node (package.json). */
const START_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' };
const START_FLAGS = ['--max-semi-space-size=8'];

/**
 * Starts it on `port` over `dir`/nindo.sqlite and resolves once /api/health answers. SIGUSR2
 * writes a heap snapshot into `dir` (heap-holders.ts). `demo`: with `npm start`'s `--demo`, which
 * seeds the demo's accounts and apps beside the bench's (and their background work runs).
 */
export async function startBuiltServer({ port, dir, env, demo = false }: { port: number; dir: string; env: Record<string, string>; demo?: boolean }): Promise<ChildProcess> {
  ensureServerBuild();
  const logFile = openSync(join(dir, `server-${port}.log`), 'a');
  const child = spawn(process.execPath, [...START_FLAGS, '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`, SERVER_ENTRY, ...(demo ? ['--demo'] : [])], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...START_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SQLITE_PATH: join(dir, 'nindo.sqlite'),
      DATA_DIR: dir,
      UPLOADS_DIR: join(dir, 'uploads'),
      SMTP_URL: '',
      MONGODB_URI: '',
      ...env,
    },
    stdio: ['ignore', logFile, 'inherit'],
  });
  closeSync(logFile);
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`dist/server/main.js exited with ${code}`))));
  const deadline = Date.now() + 120_000;
  const healthy = async (): Promise<ChildProcess> => {
    while (Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.ok, () => false);
      if (ok) return child;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill('SIGTERM');
    throw new Error('dist/server/main.js did not answer /api/health within 120 s');
  };
  return Promise.race([healthy(), exited]);
}

/** SIGTERM, then waits for its exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
