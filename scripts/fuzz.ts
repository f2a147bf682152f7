// npm run test:fuzz: fuzzes every operation of generated/openapi.json (or of the document
// OPENAPI_DOCUMENT names, which the server it starts serves too) with Schemathesis against
// the real server with demo data (a fresh SQLite file, a free port), signed in as the demo
// developer and the demo site owner, and the demo app's live data document as the app itself,
// in the runs of scripts/fuzz/runs.ts. Exits non-zero on any failure. Output of each run:
// test-results/fuzz/run-N.log. See docs/fuzzing.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_DEVELOPER, DEMO_OWNER } from '../server/demo/accounts';
import { openApiDocument, openApiPath } from '../server/http/openapi-document';
import { freePort, startServer, stopServer, waitForHealth } from '../test/helpers/server-process';
import { DEMO_APP_ID, selectedRuns } from './fuzz/runs';
import type { FuzzRun, Identity } from './fuzz/runs';
import { configFor, runSchemathesis, schemathesisArgs } from './fuzz/schemathesis';
import type { RunTotals } from './fuzz/schemathesis';
import { liveDocumentOf } from './fuzz/live-document';
import { exitWith } from './exit-with';

const ROOT = resolve(__dirname, '..');
const RESULTS = join(ROOT, 'test-results', 'fuzz');
const START_TIMEOUT_MS = 90_000;

async function logIn({ baseUrl, email, password }: { baseUrl: string; email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password, captchaToken: 'fuzz' }),
  });
  const sid = res.headers.getSetCookie().map((c) => /^nindo\.sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!res.ok || !sid) throw new Error(`could not log in as ${email}: ${res.status} ${await res.text()}`);
  return sid;
}

function operations(): { id: string; path: string }[] {
  return Object.entries(openApiDocument().paths).flatMap(([path, item]) => Object.values(item).flatMap((op) => (op.operationId ? [{ id: op.operationId, path }] : [])));
}

/** Mirrors Schemathesis' filters, to count the operations that no run selects. */
function selects(run: FuzzRun, { id, path }: { id: string; path: string }): boolean {
  if (run.liveDocument) return false;
  if (run.include) return run.include.includes(id);
  if (run.includePath && !new RegExp(run.includePath).test(path)) return false;
  return !run.exclude?.includes(id);
}

const passed = (t: RunTotals): boolean => t.exitCode === 0 && t.failures === 0 && t.errors === 0;

const RUNS = selectedRuns({ paths: process.env.FUZZ_PATHS, runs: process.env.FUZZ_RUNS });

async function main(): Promise<number> {
  const started = Date.now();
  const st = execFileSync('bash', [join(ROOT, 'scripts', 'peers', 'schemathesis.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  mkdirSync(RESULTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'nindo-fuzz-'));
  const server = startServer({ port: await freePort(), sqlitePath: join(dataDir, 'fuzz.sqlite'), logFile: join(RESULTS, 'server.log'), args: ['--demo'] });
  const all: RunTotals[] = [];
  try {
    await waitForHealth({ server, timeoutMs: START_TIMEOUT_MS });
    // Both sessions first: a later login would count against the login rate limit fuzzed below.
    const sessions: Record<Identity, string | undefined> = {
      developer: await logIn({ baseUrl: server.baseUrl, ...DEMO_DEVELOPER }),
      owner: await logIn({ baseUrl: server.baseUrl, ...DEMO_OWNER }),
      none: undefined,
      app: undefined,
    };
    for (const [index, run] of RUNS.entries()) {
      const name = `run-${index + 1}`;
      const config = configFor(run);
      const configFile = config ? join(dataDir, `${name}.toml`) : undefined;
      if (configFile && config) writeFileSync(configFile, config);
      const reportPath = join(RESULTS, `${name}.json`);
      const logFile = join(RESULTS, `${name}.log`);
      const live = run.liveDocument ? join(dataDir, `${name}-document.json`) : undefined;
      const { basicAuth } = live ? await liveDocumentOf({ baseUrl: server.baseUrl, appId: DEMO_APP_ID, developerSession: sessions.developer ?? '', path: live }) : { basicAuth: undefined };
      const args = schemathesisArgs({ run, document: live ?? openApiPath, baseUrl: server.baseUrl, sessionId: sessions[run.as], basicAuth, reportPath, configFile });
      const totals = await runSchemathesis({ st, args, logFile, reportPath, cwd: dataDir });
      all.push(totals);
      const mark = passed(totals) ? '✓' : '✗';
      console.log(`  ${mark} ${run.name}: ${totals.operations} operations, ${totals.testCases} test cases, ${totals.failures} failures, ${totals.errors} errors (${totals.seconds.toFixed(0)} s)`);
      if (!passed(totals)) console.log(`    see ${logFile}`);
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ops = operations();
  const covered = ops.filter((op) => RUNS.some((run) => selects(run, op))).length;
  const sum = (key: 'testCases' | 'failures' | 'errors'): number => all.reduce((n, t) => n + t[key], 0);
  const ok = all.length === RUNS.length && all.every(passed);
  console.log(
    `\nfuzz ${ok ? 'passed' : 'FAILED'}: ${covered}/${ops.length} operations in ${all.length} runs, ${sum('testCases')} test cases, ` +
      `${sum('failures')} failures, ${sum('errors')} errors, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return ok ? 0 : 1;
}

exitWith(main);
