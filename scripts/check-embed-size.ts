// The embed runtime's budget, checked in CI (npm run test:e2e): the script a site loads (the
// loader with every renderer) must stay under 20 kB gzip (issue 10); each renderer's own share
// is listed beside it, so the one that grows is easy to find.
// Usage: tsx scripts/check-embed-size.ts
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { EMBED_BUDGET_KB, EMBED_DIR, bundleEmbed } from './embed-bundle';

const gzipKb = (code: string): number => gzipSync(code, { level: 9 }).length / 1024;

async function main(): Promise<void> {
  const runtime = gzipKb(await bundleEmbed());
  console.log(`${'embed.js (loader and every renderer)'.padEnd(44)}${runtime.toFixed(1).padStart(8)} kB gzip (budget ${EMBED_BUDGET_KB})`);
  const renderers = readdirSync(join(EMBED_DIR, 'renderers')).filter((file) => file !== 'index.ts');
  for (const file of renderers) {
    console.log(`${`  renderers/${file} alone`.padEnd(44)}${gzipKb(await bundleEmbed(join(EMBED_DIR, 'renderers', file))).toFixed(1).padStart(8)} kB gzip`);
  }
  if (runtime > EMBED_BUDGET_KB) {
    console.error(`FAIL embed.js is ${runtime.toFixed(1)} kB gzip, over its ${EMBED_BUDGET_KB} kB budget`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
