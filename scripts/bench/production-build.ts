// The serving benches measure the production build of the code as it is now: `npm run build`
// (web app and dist/server) runs once per bench run. BENCH_SKIP_BUILD=1 reuses the last build.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');
export const SERVER_ENTRY = join(ROOT, 'dist', 'server', 'main.js');

let built = false;
export function ensureProductionBuild(): void {
  if (built || process.env.BENCH_SKIP_BUILD) return;
  console.error('building (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}

let serverBuilt = false;
/** The server's bundle alone (`scripts/build-server.ts`, a few seconds), for the benches of its API. */
export function ensureServerBuild(): void {
  if (built || serverBuilt || process.env.BENCH_SKIP_BUILD) return;
  console.error('building the server (scripts/build-server.ts)...');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'build-server.ts')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  serverBuilt = true;
}
