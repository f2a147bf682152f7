// The server as `npm run build` bundles it compiles each route's pattern once, not on every
// request (issue 29: in the bundle, a patch of the validator's path-to-regexp reached the copy
// on disk, and every request compiled the patterns again; the benches ran the sources, where the
// patch worked). The bundle is built here as the build does, into a folder of its own, and run
// with a preload that records every route pattern compiled.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServer } from '../../scripts/server-bundle';
import { ROOT } from '../../server/paths';
import { freePort, startServer, stopServer, waitForHealth } from '../helpers/server-process';
import type { RunningServer } from '../helpers/server-process';

const OUT = join(ROOT, 'dist', `bundle-test-${process.pid}`);
const PRELOAD = join(__dirname, '..', 'fixtures', 'count-route-patterns.mjs');
const data = mkdtempSync(join(tmpdir(), 'nindo-bundle-routes-'));
const patternsFile = join(data, 'patterns.txt');
let server: RunningServer;

/** Requests of several routes (list, create, an integration path, no route): their answers do not matter, their lookups do. */
const requestAll = async (): Promise<void> => {
  const documents = `${server.baseUrl}/api/v1/data/some-app/collections/things/documents`;
  await fetch(`${server.baseUrl}/api/health`);
  await fetch(`${documents}?limit=20`);
  await fetch(documents, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' });
  await fetch(`${server.baseUrl}/integrations/developer/apps`);
  await fetch(`${server.baseUrl}/api/no-such-route`);
};
const compiled = (): number => readFileSync(patternsFile, 'utf8').split('\n').filter(Boolean).length;

beforeAll(async () => {
  const { warnings } = await bundleServer({ outdir: OUT });
  expect(warnings).toEqual([]);
  writeFileSync(patternsFile, '');
  server = startServer({
    port: await freePort(),
    sqlitePath: join(data, 'nindo.sqlite'),
    logFile: join(data, 'server.log'),
    compiled: true,
    entry: join(OUT, 'main.js'),
    env: { NODE_OPTIONS: `--import ${pathToFileURL(PRELOAD).href}`, ROUTE_PATTERNS_FILE: patternsFile, UPLOADS_DIR: join(data, 'uploads') },
  });
  await waitForHealth({ server, timeoutMs: 60_000 });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(OUT, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe('the bundled server', () => {
  it('compiles the route patterns while it starts and none while it answers requests', async () => {
    await requestAll();
    const afterFirst = compiled();
    // The recorder sees the bundle's compilations: the document's routes, compiled at start.
    expect(afterFirst).toBeGreaterThan(100);
    for (let round = 0; round < 20; round += 1) await requestAll();
    expect(compiled()).toBe(afterFirst);
  });
});
