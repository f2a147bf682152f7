// The server of the declared screens' scenario: a copy of openapi/ with the fixture's resources
// (test/fixtures/declared-openapi.ts) bundled into a temporary folder, the web app alone built on
// it (DECLARED_SCREENS_DOCUMENT) into another folder, and the compiled server started on both
// (OPENAPI_DOCUMENT, WEB_DIST) with the demo data on a fresh SQLite file and a free port.
// generated/ and web/dist stay as they are; the folder goes when the server stops.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { OwnServer } from './scenario';
import { writeDeclaredDocument } from '../fixtures/declared-openapi';
import { freePort, startServer } from '../helpers/server-process';
import { healthyOwnServer } from './own-server';
import { loggedStep } from './logged-step';

const ROOT = resolve(__dirname, '..', '..');
const RESULTS = join(ROOT, 'test-results');
const BUILD_TIMEOUT_MS = 180_000;
const START_TIMEOUT_MS = 90_000;

/** `vite build` of the web app only (no embed, hosted pages or server: the scenario needs none), its output in `log`. */
const buildWebApp = ({ document, outDir, log }: { document: string; outDir: string; log: string }): Promise<void> =>
  loggedStep({
    cwd: ROOT,
    what: 'the web build on the declared document',
    command: join(ROOT, 'node_modules', '.bin', 'vite'),
    args: ['build', '--configLoader', 'runner', '--config', 'web/vite.config.ts', '--outDir', outDir],
    env: { ...process.env, DECLARED_SCREENS_DOCUMENT: document },
    log,
    timeoutMs: BUILD_TIMEOUT_MS,
  });

export async function startDeclaredServer(): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-e2e-declared-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const openapi = join(dir, 'openapi');
    mkdirSync(openapi);
    const { path: document } = writeDeclaredDocument({ dir: openapi });
    const started = Date.now();
    const web = join(dir, 'web');
    await buildWebApp({ document, outDir: web, log: join(RESULTS, 'e2e-declared-build.log') });
    const built = Date.now();
    const server = startServer({
      port: await freePort(),
      sqlitePath: join(dir, 'e2e.sqlite'),
      logFile: join(RESULTS, 'e2e-declared-server.log'),
      compiled: true,
      args: ['--demo'],
      env: { OPENAPI_DOCUMENT: document, WEB_DIST: web },
    });
    const own = await healthyOwnServer({ server, remove, timeoutMs: START_TIMEOUT_MS });
    // What the scenario adds to the run before its first page (docs/extending.md).
    console.log(`    declared document: web build ${built - started} ms, server start ${Date.now() - built} ms`);
    return own;
  } catch (err) {
    remove();
    throw err;
  }
}
