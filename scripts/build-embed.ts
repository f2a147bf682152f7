// `npm run build` (after the web app, whose build empties web/dist): writes the embed runtime's
// loader to web/dist/embed.js, the script of the widgets' installation code (served as
// /embed.js), and each type's renderer to web/dist/embed/<type>.<hash>.js, each with a .br and
// a .gz beside it like the app's assets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from '../server/paths';
import { EMBED_OUT, RENDERERS_OUT, buildEmbed } from './embed-bundle';

function write(path: string, code: string): number {
  const gzip = gzipSync(code, { level: 9 });
  writeFileSync(path, code);
  writeFileSync(`${path}.gz`, gzip);
  writeFileSync(`${path}.br`, brotliCompressSync(code));
  return gzip.length / 1024;
}

async function main(): Promise<void> {
  const { loader, renderers } = await buildEmbed();
  mkdirSync(RENDERERS_OUT, { recursive: true });
  for (const { file, code } of renderers) write(join(RENDERERS_OUT, file), code);
  console.log(`embed: ${relative(ROOT, EMBED_OUT)} ${write(EMBED_OUT, loader).toFixed(1)} kB gzip, ${renderers.length} renderers in ${relative(ROOT, RENDERERS_OUT)}/`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
