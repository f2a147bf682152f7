// The server's esbuild bundle (`npm run build` through build-server.ts, and the tests that check
// the bundle itself): one CommonJS file, server.js (and the SQLite read worker beside it), with
// a launcher main.js. Packages are bundled too (one file to read instead of hundreds to resolve:
// about a quarter less start-up CPU), except those in EXTERNAL. Files read at run time are found
// from the repository root (server/paths.ts), so `outdir` must lie inside the repository; the
// handler modules, scanned at run time under tsx, become static imports here.
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import type { Message, Plugin } from 'esbuild';
import { handlerFiles } from '../server/http/handler-modules';
import { ROOT } from '../server/paths';

/**
 * Left in node_modules: native addons, what is located on disk at run time (Scalar's browser
 * bundle for /docs), and large packages needed only later (MongoDB, webhook deliveries, SMTP,
 * password-strength dictionaries, iconv-lite's code pages, the Stripe SDK, pdfkit which reads its fonts from its folder), and
 * pino-pretty, a development dependency loaded only for LOG_FORMAT=pretty: bundled, V8 would still parse them
 * at every start. css-tree (the widgets' custom CSS check) too: its ESM build finds its data
 * with createRequire(import.meta.url), which a CommonJS bundle has no value for.
 */
const EXTERNAL = ['better-sqlite3', 're2', 'argon2', '@scalar/api-reference', 'mongodb', 'undici', 'nodemailer', '@zxcvbn-ts/*', 'iconv-lite', 'stripe', 'pdfkit', 'sharp', '@aws-sdk/client-s3', 'pino-pretty', 'css-tree'];

/**
 * main.js: turns on Node's compile cache before loading the bundle, which V8 would otherwise
 * compile again at every start (about 40 ms of a start's CPU, docs/serving.md).
 */
const LAUNCHER = `'use strict';
// Node keeps V8's compiled code of the bundle in its compile cache (the OS temp folder, or
// NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later starts skip most of it.
require('node:module').enableCompileCache?.();
require('./server.js');
`;

/** Replaces server/http/handler-modules.ts by a module that imports every handler file. */
const staticHandlers: Plugin = {
  name: 'static-handlers',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/]http[\\/]handler-modules\.ts$/ }, () => {
      const files = handlerFiles();
      const imports = files.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`);
      const entries = files.map((file, i) => `{ file: ${JSON.stringify(relative(join(ROOT, 'server', 'handlers'), file))}, exports: m${i} }`);
      return {
        contents: `${imports.join('\n')}\nexport const handlerModules = () => [${entries.join(', ')}];\n`,
        loader: 'ts',
        resolveDir: ROOT,
      };
    });
  },
};

/** Bundles the server into `outdir`; answers the number of modules bundled and esbuild's warnings (printed already). */
export async function bundleServer({ outdir }: { outdir: string }): Promise<{ modules: number; warnings: Message[] }> {
  const result = await build({
    // The SQLite engine's read worker is a file of its own beside the bundle (off-thread-read.ts).
    entryPoints: { server: join(ROOT, 'server', 'main.ts'), 'read-worker': join(ROOT, 'server', 'storage', 'sqlite', 'read-worker.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: EXTERNAL,
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [staticHandlers],
    logLevel: 'warning',
    metafile: true,
  });
  writeFileSync(join(outdir, 'main.js'), LAUNCHER);
  // The bundle's map from before the launcher.
  rmSync(join(outdir, 'main.js.map'), { force: true });
  return { modules: Object.keys(result.metafile.inputs).length, warnings: result.warnings };
}
