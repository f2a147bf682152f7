// `npm run build` (after the web app, whose build empties web/dist): writes the scripts of the
// checkout's hosted frames to web/dist/hosted/, with a .br and a .gz beside them like the app's assets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from '../server/paths';
import { HOSTED_OUT_DIR, HOSTED_SCRIPTS, bundleHosted } from './hosted-bundle';

async function main(): Promise<void> {
  mkdirSync(HOSTED_OUT_DIR, { recursive: true });
  for (const name of HOSTED_SCRIPTS) {
    const code = await bundleHosted(name);
    const out = join(HOSTED_OUT_DIR, `${name}.js`);
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
