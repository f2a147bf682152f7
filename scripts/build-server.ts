// `npm run build` (after the web app): compiles the server into one CommonJS file,
// dist/server/server.js (and the SQLite read worker beside it), started by dist/server/main.js,
// so that `npm start` runs plain node instead of a TypeScript loader (scripts/server-bundle.ts).
// Any esbuild warning fails the build, on every machine and so in CI: a warning is how a
// bundling fault shows (issue 29: a `require(require.resolve(...))` patched the copy of a
// package on disk while the bundle ran its own copy, and the build only printed it).
import { join, relative } from 'node:path';
import { ROOT } from '../server/paths';
import { bundleServer } from './server-bundle';

const SERVER_OUT = join(ROOT, 'dist', 'server');

async function main(): Promise<void> {
  const started = performance.now();
  const { modules, warnings } = await bundleServer({ outdir: SERVER_OUT });
  console.log(`server: ${modules} modules -> ${relative(ROOT, join(SERVER_OUT, 'server.js'))} in ${Math.round(performance.now() - started)} ms`);
  if (warnings.length > 0) {
    console.error(`The server bundle has ${warnings.length} esbuild warning(s), printed above: a warning fails the build (scripts/build-server.ts).`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
