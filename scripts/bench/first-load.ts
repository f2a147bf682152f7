// First-load JavaScript of the web build: kB of brotli (what browsers are sent) the login page
// and the developer portal shell fetch before they are usable (first paint and chunks requested
// at once), with their budgets, computed as scripts/check-bundle.ts does (scripts/first-load.ts).
import type { BenchRow } from './bench-row';
import { ensureProductionBuild } from './production-build';
import { BUDGETS, KB, pageLoad, readWebBuild } from '../first-load';

const PAGES = ['login', 'developer portal shell (/developer/apps)'];

export async function runFirstLoadBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const build = readWebBuild();
  return BUDGETS.filter((page) => PAGES.includes(page.name)).map(({ name, sources, brotliKb }) => {
    const { firstPaint, atOnce } = pageLoad({ build, sources });
    return {
      name: `first load: ${name}`,
      measures: 'kB of JavaScript (brotli, as sent) fetched before the page is usable: the entry and the page with their static imports, and the chunks the page requests at once (the form engine)',
      value: build.total(new Set([...firstPaint, ...atOnce])).brotli / KB,
      unit: 'kB',
      target: brotliKb === undefined ? undefined : { atMost: brotliKb },
    };
  });
}
