// Runs the real server (`tsx server/main.ts`, or with `compiled` the production build
// dist/server/main.js) as a child process on a free port and its own SQLite file, for the
// runners that test it from outside (end-to-end, fuzzing).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/**
 * The environment `npm start` gives the compiled server: a fixed glibc mmap threshold, so that
 * large short-lived buffers (argon2's 19 MiB, brotli windows) go back to the system when freed
 * instead of staying in the thread pool's malloc arenas (docs/serving.md).
 */
export const START_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

export interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
  logFile: string;
}

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

/** `args` go to the server (for example `--demo`); its output goes to `logFile`. `compiled` needs `npm run build` first. */
export function startServer({
  port,
  sqlitePath,
  logFile,
  args = [],
  compiled = false,
  entry = 'dist/server/main.js',
  env = {},
}: {
  port: number;
  sqlitePath: string;
  logFile: string;
  args?: string[];
  compiled?: boolean;
  /** The compiled server's launcher, when not `npm run build`'s. */
  entry?: string;
  /** Settings beyond the test defaults (for example a captcha provider). */
  env?: Record<string, string>;
}): RunningServer {
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, script] = compiled ? [process.execPath, entry] : [join(ROOT, 'node_modules', '.bin', 'tsx'), 'server/main.ts'];
  const child = spawn(command, [script, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...(compiled ? START_ENV : {}),
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SQLITE_PATH: sqlitePath,
      SESSION_SECRET: 'test-session-secret',
      SMTP_URL: '',
      MONGODB_URI: '',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { process: child, baseUrl, logFile };
}

export async function waitForHealth({ server, timeoutMs }: { server: RunningServer; timeoutMs: number }): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited with code ${server.process.exitCode} (see ${server.logFile})`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer /api/health in time (see ${server.logFile})`);
}

/** SIGTERM, then waits for the exit so the SQLite file can be removed. */
export function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    server.process.once('exit', () => done());
    server.process.kill('SIGTERM');
  });
}
