// `npm run build` (after the web app, whose build empties web/dist): writes the scripts of the
// checkout's hosted frames (web/hosted/, server/http/hosted-pages.ts) to web/dist/hosted/, served
// as /hosted/<name>.js, with a .br and a .gz beside them like the app's assets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT } from '../server/paths';

const ENTRIES = ['card-fields', 'three-d-secure'];
const OUT_DIR = join(ROOT, 'web', 'dist', 'hosted');

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const name of ENTRIES) {
    const result = await build({
      entryPoints: [join(ROOT, 'web', 'hosted', `${name}.ts`)],
      bundle: true,
      write: false,
      minify: true,
      format: 'iife',
      target: 'es2020',
      legalComments: 'none',
      logLevel: 'warning',
    });
    const code = result.outputFiles[0].text;
    const out = join(OUT_DIR, `${name}.js`);
    const gzip = gzipSync(code, { level: 9 });
    writeFileSync(out, code);
    writeFileSync(`${out}.gz`, gzip);
    writeFileSync(`${out}.br`, brotliCompressSync(code));
    console.log(`hosted: ${relative(ROOT, out)} ${(gzip.length / 1024).toFixed(1)} kB gzip`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
