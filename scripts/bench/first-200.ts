// What both cold start benches do: spawn a server under node, poll one path until it answers 200,
// stop it; and the bare Express + validator floor app they start beside it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { get } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './production-build';
import { cpuMsOf } from './proc';

const POLL_MS = 5;
const GIVE_UP_MS = 60_000;

export interface Start {
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Polled until it answers 200. */
  path: string;
}

const answers200 = ({ port, path }: { port: number; path: string }): Promise<boolean> =>
  new Promise((done) => {
    const req = get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
  });

/** Spawns `args` under node on `port`, polls `path` until it answers 200, runs `atFirst200`, stops the process. */
export async function timeToFirst200({ args, env, path, port, atFirst200 }: Start & { port: number; atFirst200?: () => void }): Promise<{ ms: number; cpuMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  try {
    while (!(await answers200({ port, path }))) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`${args.join(' ')} did not answer ${path}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const ms = performance.now() - started;
    atFirst200?.();
    return { ms, cpuMs: cpuMsOf(child.pid ?? 0) };
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

/** The floor app (cold-start-floor.ts) as one minified CommonJS file with its packages, like dist/server/main.js. */
export async function buildFloor(dir: string): Promise<string> {
  const outfile = join(dir, 'floor.js');
  await build({ entryPoints: [join(__dirname, 'cold-start-floor.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node22', minify: true, logLevel: 'error' });
  return outfile;
}
