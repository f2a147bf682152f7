// `npm run test:mongo`: the storage contract and every suite that builds a server or a store,
// on the MongoDB engine against a throw-away FerretDB (scripts/peers/ferretdb.sh), which is
// stopped whatever happens. Arguments replace the default test paths (`npm run test:mongo -- test/storage`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exitWith } from './exit-with';

const PEER = join(__dirname, 'peers', 'ferretdb.sh');
const SUITES = ['test/storage', 'test/accounts', 'test/account-profile', 'test/developer', 'test/pipeline', 'test/scale-out', 'test/database', 'test/database-public', 'test/database-live', 'test/database-rules', 'test/workspace', 'test/media', 'test/widget-embed', 'test/widget-analytics', 'test/billing', 'test/metering', 'test/schema-evolution', 'test/observability', 'test/resources'];

function startFerretDb(runDir: string): string {
  const started = spawnSync(PEER, ['start', runDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const uri = started.stdout.trim();
  if (started.status !== 0 || !uri.startsWith('mongodb://')) throw new Error(`FerretDB did not start (exit ${started.status})`);
  return uri;
}

function runJest({ uri, paths }: { uri: string; paths: string[] }): Promise<number> {
  // One jest process: the suites are CPU-bound (argon2) on two shared cores, and test:mongo runs
  // beside the SQLite suites in `npm test`. Every app has its own database, so workers would be safe.
  const jest = spawn('npx', ['jest', '--runInBand', ...paths], {
    stdio: 'inherit',
    env: { ...process.env, MONGODB_URI: uri },
  });
  return new Promise((resolve) => jest.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function main(): Promise<number> {
  const runDir = mkdtempSync(join(tmpdir(), 'nindo-ferretdb-'));
  const stop = (): void => {
    spawnSync(PEER, ['stop', runDir], { stdio: 'inherit' });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stop();
      process.exit(1);
    });
  }
  const began = Date.now();
  try {
    const uri = startFerretDb(runDir);
    console.log(`test:mongo: FerretDB at ${uri}`);
    const args = process.argv.slice(2);
    return await runJest({ uri, paths: args.length > 0 ? args : SUITES });
  } finally {
    stop();
    console.log(`test:mongo: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
}

exitWith(main);
