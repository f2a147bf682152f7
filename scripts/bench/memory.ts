// Memory: resident MB of the compiled server after load. The server starts with demo data on a
// fresh SQLite file; then every operation of the document gets a request (GETs signed in as the
// demo developer, writes with an empty body signed out, so every route's validators exist),
// ten logins run (argon2), and autocannon reads the developer portal for BENCH_DURATION seconds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_DEVELOPER } from '../../server/demo/accounts';
import { startServer, stopServer, waitForHealth } from '../../test/helpers/server-process';
import type { BenchRow } from './bench-row';
import { ensureProductionBuild, ROOT } from './production-build';
import { rssMbOf } from './proc';

const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 3198);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const LOGINS = 10;
const TARGET_MB = 200;
const DEMO_APP = 'demo-review-booster';
const WRITES = new Set(['post', 'put', 'patch']);

interface Operation {
  method: string;
  path: string;
}

/** Every operation, path parameters filled: the demo app where an app is named, a missing id elsewhere. */
function operations(): Operation[] {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.operationId)
      .map(([method]) => ({ method, path: path.replace('{appId}', DEMO_APP).replace(/\{[^}]+\}/g, 'bench-missing') })),
  );
}

async function logIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_DEVELOPER.email, password: DEMO_DEVELOPER.password, captchaToken: 'bench' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('nindo.sid='))?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`bench login failed: ${res.status}`);
  return cookie;
}

async function touchEveryOperation({ baseUrl, cookie }: { baseUrl: string; cookie: string }): Promise<void> {
  for (const { method, path } of operations()) {
    // Deletes are left out: the signed-in pass must not remove the account or the demo app.
    if (method === 'delete') continue;
    const write = WRITES.has(method);
    const res = await fetch(`${baseUrl}${path}`, {
      method: method.toUpperCase(),
      redirect: 'manual',
      headers: write ? { 'content-type': 'application/json' } : { cookie },
      body: write ? '{}' : undefined,
    });
    await res.arrayBuffer();
  }
}

export async function runMemoryBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-memory-'));
  const server = startServer({ port: PORT, sqlitePath: join(dir, 'memory.sqlite'), logFile: join(dir, 'server.log'), args: ['--demo'], compiled: true });
  try {
    await waitForHealth({ server, timeoutMs: 90_000 });
    const pid = server.process.pid ?? 0;
    const atStart = rssMbOf(pid);
    for (let i = 0; i < LOGINS - 1; i += 1) await logIn(server.baseUrl);
    const cookie = await logIn(server.baseUrl);
    await touchEveryOperation({ baseUrl: server.baseUrl, cookie });
    const reads = ['/integrations/developer/apps', `/integrations/developer/apps/${DEMO_APP}`, `/integrations/developer/apps/${DEMO_APP}/analytics/revenue`, `/integrations/developer/apps/${DEMO_APP}/analytics/total`, '/integrations/developer/details', '/api/user/session', '/api/health'];
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { cookie },
      requests: reads.map((path) => ({ method: 'GET', path })),
    });
    if (result.errors > 0 || result.non2xx > 0) throw new Error(`memory load: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    const afterLoad = rssMbOf(pid);
    return [
      { name: 'RSS at start', measures: 'resident MB of the compiled server once /api/health answers (demo data)', value: atStart, unit: 'MB' },
      {
        name: 'RSS after load',
        measures: `resident MB after a request to every operation, ${LOGINS} logins and ${DURATION_S} s of ${CONNECTIONS} connections reading the developer portal (${Math.round(result.requests.average)} req/s)`,
        value: afterLoad,
        unit: 'MB',
        floor: atStart,
        target: { atMost: TARGET_MB },
      },
    ];
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
