// First-load JavaScript of the web build: kB of JavaScript that headless Chromium receives (bytes
// on the wire: brotli bodies and headers) when it opens the login page and each app's signed-in
// dashboard, with their budgets, measured as scripts/check-bundle.ts does (scripts/first-load.ts).
import type { BenchRow } from './bench-row';
import { ensureProductionBuild } from './production-build';
import { BUDGETS, KB, measureFirstLoads } from '../first-load';

const PAGES = ['login', 'user dashboard', 'developer portal (/developer/apps)'];

export async function runFirstLoadBench(): Promise<BenchRow[]> {
  ensureProductionBuild();
  const loads = await measureFirstLoads(BUDGETS.filter((page) => PAGES.includes(page.name)));
  return loads.map(({ page, scripts, bytes }) => ({
    name: `first load: ${page.name}`,
    measures: `kB of JavaScript Chromium receives opening ${page.path}${page.as ? ' signed in' : ''} until the network is quiet (${scripts.length} scripts, compressed bodies and headers)`,
    value: bytes / KB,
    unit: 'kB',
    target: { atMost: page.budgetKb },
  }));
}
