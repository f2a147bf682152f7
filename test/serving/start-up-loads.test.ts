// What a start loads: packages needed only with a setting are loaded only with it (issue 36, the
// start-up got slower): age-encryption with BACKUP_ENCRYPTION_KEY, prom-client with METRICS_TOKEN.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../helpers/temp-dir';

const ROOT = resolve(__dirname, '..', '..');
const START_TIMEOUT_MS = 45_000;

// Records every package name the process requires, written out as it exits.
const RECORDER = `
const Module = require('node:module');
const seen = new Set();
const load = Module._load;
Module._load = function (request, ...rest) {
  if (!request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:')) seen.add(request);
  return load.call(this, request, ...rest);
};
process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADS_FILE, [...seen].join('\\n')));
`;

/** The packages a start of the server loaded until it listened, with `env` beside the test settings. */
async function packagesLoadedByStart(env: Record<string, string>): Promise<string[]> {
  const dir = tempDir('nindo-loads-');
  const recorder = join(dir, 'recorder.cjs');
  writeFileSync(recorder, RECORDER);
  const loads = join(dir, 'loads.txt');
  // One process (tsx's loader in node itself), so that what is recorded is the server's.
  const child = spawn(process.execPath, ['--require', recorder, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'info', LOADS_FILE: loads, PORT: '0', SQLITE_PATH: join(dir, 'nindo.sqlite'), UPLOADS_DIR: join(dir, 'uploads'), MONGODB_URI: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let output = '';
  try {
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the server did not start: ${output}`)), START_TIMEOUT_MS);
      const read = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes(' is running on ')) done();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => fail(new Error(`the server exited with ${code}: ${output}`)));
      void exited.then(() => clearTimeout(timer));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return readFileSync(loads, 'utf8').split('\n');
}

test('a start without a backup key or metrics token loads neither age-encryption nor prom-client', async () => {
  const loaded = await packagesLoadedByStart({});
  expect(loaded).toContain('better-sqlite3');
  expect(loaded).not.toContain('age-encryption');
  expect(loaded).not.toContain('prom-client');
}, 60_000);

test('with both set, it loads both', async () => {
  const loaded = await packagesLoadedByStart({ BACKUP_SCHEDULE: '1d', BACKUP_ENCRYPTION_KEY: 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p', METRICS_TOKEN: 'test-metrics-token' });
  expect(loaded).toContain('age-encryption');
  expect(loaded).toContain('prom-client');
}, 60_000);
