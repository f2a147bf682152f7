// One Schemathesis run: the command line for a FuzzRun, and its totals read from the JSON report.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { CHECKS } from './runs';
import type { FuzzRun } from './runs';

export interface RunTotals {
  operations: number;
  testCases: number;
  failures: number;
  errors: number;
  exitCode: number;
  seconds: number;
}

interface JsonReport {
  operations: { tested: number };
  test_cases: { generated: number; with_failures: number; errored: number };
  errors: { title: string; count: number }[];
}

const ids = (flag: string, operationIds: string[] = []): string[] => operationIds.flatMap((id) => [flag, id]);

/**
 * Node's HTTP parser refuses a request line and headers over 64 KB with a bare 431 before the app
 * reads it (server/http/http-server.ts): a refusal, as the live document declares, which
 * negative_data_rejection does not list by itself.
 */
const REFUSALS = ['400', '401', '403', '404', '405', '406', '409', '415', '422', '428', '429', '431', '5xx'];

/**
 * What a valid request may be answered with, besides Schemathesis' own list: 400 too, for the one
 * bound the live document cannot state in JSON Schema, the 4000 characters of a `query` sent as JSON
 * (its filter schema bounds each part, not the whole text). That filters and bodies the schema
 * accepts are accepted is held case by case in test/database-public/exact-document.test.ts.
 */
const ACCEPTANCES = ['2xx', '3xx', '400', '401', '403', '404', '409', '429', '5xx'];

/** Schemathesis reads fixed parameter values and check settings from a config file only. */
export function configFor(run: FuzzRun): string | undefined {
  const lines = [
    ...(run.parameters ? [`parameters = { ${Object.entries(run.parameters).map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ')} }`] : []),
    ...(run.allChecks ? ['[checks.negative_data_rejection]', `expected-statuses = ${JSON.stringify(REFUSALS)}`] : []),
    ...(run.liveDocument ? ['[checks.positive_data_acceptance]', `expected-statuses = ${JSON.stringify(ACCEPTANCES)}`] : []),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : undefined;
}

/**
 * The live event stream (GET .../live) answers a stream that stays open: a request-response fuzzer
 * can only time out on it. Its answers are held by test/database-live instead; the POST that sets
 * its subscriptions is fuzzed like any operation.
 */
const NEVER_FUZZED = ['openLiveStream'];

export function schemathesisArgs({
  run,
  document,
  baseUrl,
  sessionId,
  basicAuth,
  reportPath,
  configFile,
}: {
  run: FuzzRun;
  document: string;
  baseUrl: string;
  sessionId?: string;
  /** `user:password` for HTTP Basic (the app's App ID and App Secret). */
  basicAuth?: string;
  reportPath: string;
  configFile?: string;
}): string[] {
  return [
    ...(configFile ? ['--config-file', configFile] : []),
    'run',
    document,
    '--url', baseUrl,
    '--checks', run.allChecks ? 'all' : CHECKS.join(','),
    '--phases', ['examples', 'coverage', 'fuzzing', ...(run.stateful ? ['stateful'] : [])].join(','),
    '--max-examples', String(run.maxExamples),
    '--request-timeout', '20',
    // A cookie header rather than the `session` scheme: public operations read the session too.
    ...(sessionId ? ['--header', `Cookie: nindo.sid=${sessionId}`, '--generation-with-security-parameters', 'false'] : []),
    ...(basicAuth ? ['--auth', basicAuth] : []),
    ...ids('--include-operation-id', run.include),
    ...(run.includePath ? ['--include-path-regex', run.includePath] : []),
    ...ids('--exclude-operation-id', [...(run.exclude ?? []), ...NEVER_FUZZED]),
    // Negative data for a plain string path parameter is mostly dropped (Schemathesis filters what
    // a URL path cannot carry), so the fuzzing phase of such an operation can fail Hypothesis's
    // filter_too_much health check by chance: a statement about the generator, not the API (CI met it
    // once in 36,000 cases on POST /api/user/emailConfirmation/{token}; docs/fuzzing.md).
    '--suppress-health-check', 'filter_too_much',
    '--generation-database', 'none',
    '--no-color',
    '--report', 'json',
    '--report-json-path', reportPath,
  ];
}

/** Runs `st`, writing its output to `logFile`, and answers the totals of its JSON report. */
export async function runSchemathesis({ st, args, logFile, reportPath, cwd }: { st: string; args: string[]; logFile: string; reportPath: string; cwd: string }): Promise<RunTotals> {
  const started = Date.now();
  // A report left by an earlier invocation must not stand in for one this run failed to write.
  rmSync(reportPath, { force: true });
  const log = createWriteStream(logFile);
  const child = spawn(st, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exitCode = await new Promise<number>((done) => child.once('exit', (code) => done(code ?? 1)));
  const seconds = (Date.now() - started) / 1000;
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as JsonReport;
  } catch {
    return { operations: 0, testCases: 0, failures: 0, errors: 1, exitCode, seconds };
  }
  return {
    operations: report.operations.tested,
    testCases: report.test_cases.generated,
    failures: report.test_cases.with_failures,
    errors: report.test_cases.errored + report.errors.reduce((n, e) => n + e.count, 0),
    exitCode,
    seconds,
  };
}
