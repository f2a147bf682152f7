// Fails when generated/ differs from what `npm run generate` would write now.
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generate } from './generate';

const listFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });

const fresh = 'node_modules/.cache/generated-check';
rmSync(fresh, { recursive: true, force: true });
generate({ outDir: fresh });

const committed = new Set(listFiles('generated').map((f) => relative('generated', f)));
const expected = new Set(listFiles(fresh).map((f) => relative(fresh, f)));
const stale = [...new Set([...committed, ...expected])].filter(
  (f) =>
    !committed.has(f) ||
    !expected.has(f) ||
    readFileSync(join('generated', f), 'utf8') !== readFileSync(join(fresh, f), 'utf8'),
);
rmSync(fresh, { recursive: true, force: true });
if (stale.length > 0) {
  console.error(`generated/ is stale; run npm run generate and commit. Differs: ${stale.join(', ')}`);
  process.exit(1);
}
console.log('generated/ is up to date');
