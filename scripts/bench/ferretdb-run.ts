// A FerretDB over PostgreSQL of its own for one bench group, stopped and removed after it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './production-build';

const FERRETDB = join(ROOT, 'scripts', 'peers', 'ferretdb.sh');

export async function withFerretDbOverPostgres<T>({ name, run }: { name: string; run: (uri: string) => Promise<T> }): Promise<T> {
  const runDir = mkdtempSync(join(tmpdir(), `nindo-${name}-ferretdb-`));
  const env = { ...process.env, FERRETDB_HANDLER: 'postgresql' };
  try {
    const uri = execFileSync('bash', [FERRETDB, 'start', runDir], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    if (!uri.startsWith('mongodb://')) throw new Error(`FerretDB did not start: ${uri}`);
    return await run(uri);
  } finally {
    execFileSync('bash', [FERRETDB, 'stop', runDir], { env, stdio: 'ignore' });
    rmSync(runDir, { recursive: true, force: true });
  }
}
