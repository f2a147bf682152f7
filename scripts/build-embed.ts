// `npm run build` (after the web app, whose build empties web/dist): writes the embed runtime to
// web/dist/embed.js, the script of the widgets' installation code (served as /embed.js), with a
// .br and a .gz beside it like the app's assets.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from '../server/paths';
import { EMBED_OUT, bundleEmbed } from './embed-bundle';

async function main(): Promise<void> {
  const code = await bundleEmbed();
  const gzip = gzipSync(code, { level: 9 });
  writeFileSync(EMBED_OUT, code);
  writeFileSync(`${EMBED_OUT}.gz`, gzip);
  writeFileSync(`${EMBED_OUT}.br`, brotliCompressSync(code));
  console.log(`embed: ${relative(ROOT, EMBED_OUT)} ${(gzip.length / 1024).toFixed(1)} kB gzip`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
