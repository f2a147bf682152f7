// The server of the probe-property scenario (issue 37 item 4): the repository's sources as they
// stand (tracked and new files, not test/, node_modules linked) copied to a temporary folder, the
// probe added to the copy's openapi/*.yaml (./probe-document.ts), then in the copy `npm run
// generate`'s script, the web app's vite build and the server bundle, and that compiled server
// started with the demo data on a fresh SQLite file and a free port. The repository's own
// generated/, web/dist and dist/ stay as they are; the folder goes when the server stops.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { OwnServer } from './scenario';
import { addProbeProperty } from './probe-document';
import { freePort, startServer } from '../helpers/server-process';
import { healthyOwnServer } from './own-server';
import { loggedStep } from './logged-step';

const ROOT = resolve(__dirname, '..', '..');
const RESULTS = join(ROOT, 'test-results');
const STEP_TIMEOUT_MS = 240_000;
const START_TIMEOUT_MS = 90_000;

/** The working tree's files a build reads: tracked or new (not ignored), present, outside test/. */
function copySources({ to }: { to: string }): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).toString();
  for (const file of new Set(listed.split('\0'))) {
    if (file === '' || file.startsWith('test/') || !existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(to, 'node_modules'), 'dir');
}

/** Runs a build step in the copy, its output appended to `log`. */
const step = ({ what, ...rest }: { cwd: string; what: string; command: string; args: string[]; log: string }): Promise<void> =>
  loggedStep({ ...rest, what: `${what} on the probe copy`, timeoutMs: STEP_TIMEOUT_MS });

/** Builds the copy with the probe on `schemas` and starts it; prints what each part took. */
export async function startProbeServer({ schemas }: { schemas: readonly string[] }): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-e2e-probe-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  const log = join(RESULTS, 'e2e-probe-build.log');
  rmSync(log, { force: true });
  const bin = (name: string): string => join(ROOT, 'node_modules', '.bin', name);
  try {
    const started = Date.now();
    copySources({ to: dir });
    addProbeProperty({ dir: join(dir, 'openapi'), schemas });
    await step({ cwd: dir, what: 'npm run generate', command: bin('tsx'), args: ['scripts/generate.ts'], log });
    const generated = Date.now();
    // The two builds read generated/ and write apart: side by side they take the longer one's time.
    await Promise.all([
      step({ cwd: dir, what: 'the web build', command: bin('vite'), args: ['build', '--configLoader', 'runner', '--config', 'web/vite.config.ts'], log }),
      step({ cwd: dir, what: 'the server build', command: bin('tsx'), args: ['scripts/build-server.ts'], log }),
    ]);
    const built = Date.now();
    const server = startServer({
      port: await freePort(),
      sqlitePath: join(dir, 'e2e.sqlite'),
      logFile: join(RESULTS, 'e2e-probe-server.log'),
      compiled: true,
      entry: join(dir, 'dist', 'server', 'main.js'),
      args: ['--demo'],
      env: { OPENAPI_DOCUMENT: join(dir, 'generated', 'openapi.json'), WEB_DIST: join(dir, 'web', 'dist') },
    });
    const own = await healthyOwnServer({ server, remove, timeoutMs: START_TIMEOUT_MS });
    console.log(`    probe copy: copy and generate ${generated - started} ms, web and server builds ${built - generated} ms, server start ${Date.now() - built} ms`);
    return own;
  } catch (err) {
    remove();
    throw err;
  }
}
