// Real server instances for the scale-out tests: `node --import tsx server/main.ts` in child
// processes on free ports, each with its own store connection and its own background workers.
// One process each (not the tsx CLI, which runs the server in a child of its own), so a signal
// reaches the server itself.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL: the process dies at once, whatever it holds (a crash). */
  kill: () => Promise<void>;
  /** null while it runs. */
  exitCode: () => number | null;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

async function waitForHealth({ url, child, output }: { url: string; child: ChildProcess; output: () => string }): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** Starts one instance with `env` added to this process's environment; resolves once it answers. */
export async function startServerProcess({ env }: { env: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer): void => {
    printed += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = (): string => printed;
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await exited(child);
  };
  const kill = async (): Promise<void> => {
    child.kill('SIGKILL');
    await exited(child);
  };
  try {
    await waitForHealth({ url, child, output });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid ?? 0, output, stop, kill, exitCode: () => child.exitCode };
}

/** Polls `check` every 200 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
