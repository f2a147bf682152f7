// The embed runtime's budgets, checked in CI (npm run test:e2e and check:bundle): the loader a
// site loads (embed.js) under EMBED_BUDGET_KB gzip, and each type's renderer file, loaded only
// by pages that show that type, under RENDERER_BUDGET_KB.
// Usage: tsx scripts/check-embed-size.ts
import { gzipSync } from 'node:zlib';
import { EMBED_BUDGET_KB, RENDERER_BUDGET_KB, buildEmbed } from './embed-bundle';

const gzipKb = (code: string): number => gzipSync(code, { level: 9 }).length / 1024;
const row = (label: string, kb: number, budget: number) => `${label.padEnd(44)}${kb.toFixed(1).padStart(8)} kB gzip (budget ${budget})`;

async function main(): Promise<void> {
  const { loader, renderers } = await buildEmbed();
  const failures: string[] = [];
  const loaderKb = gzipKb(loader);
  console.log(row('embed.js (the loader)', loaderKb, EMBED_BUDGET_KB));
  if (loaderKb > EMBED_BUDGET_KB) failures.push(`embed.js is ${loaderKb.toFixed(1)} kB gzip, over its ${EMBED_BUDGET_KB} kB budget`);
  for (const { type, code } of renderers) {
    const kb = gzipKb(code);
    console.log(row(`  embed/${type}.js`, kb, RENDERER_BUDGET_KB));
    if (kb > RENDERER_BUDGET_KB) failures.push(`the ${type} renderer is ${kb.toFixed(1)} kB gzip, over its ${RENDERER_BUDGET_KB} kB budget`);
  }
  for (const failure of failures) console.error(`FAIL ${failure}`);
  if (failures.length > 0) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
