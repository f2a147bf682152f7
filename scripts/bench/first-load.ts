// First-load JavaScript of the web build: kB of brotli (what browsers are sent) the login page
// and the developer portal shell fetch before they paint, with their budgets, computed as
// scripts/check-bundle.ts does (scripts/first-load.ts).
import type { BenchRow } from './bench-row';
import { ensureProductionBuild } from './production-build';
import { BUDGETS, firstLoadKeys, KB, readWebBuild } from '../first-load';

const PAGES = ['login', 'developer portal shell (/developer/apps)'];

export async function runFirstLoadBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const build = readWebBuild();
  return BUDGETS.filter((page) => PAGES.includes(page.name)).map(({ name, sources, brotliKb }) => ({
    name: `first load: ${name}`,
    measures: 'kB of JavaScript (brotli, as sent) fetched before first paint: the entry and the page, static imports followed',
    value: build.total(firstLoadKeys({ build, sources })).brotli / KB,
    unit: 'kB',
    target: brotliKb === undefined ? undefined : { atMost: brotliKb },
  }));
}
