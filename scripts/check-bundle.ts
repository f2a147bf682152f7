// Load budgets of the web build, checked in CI: for each page of BUDGETS, the JavaScript the
// browser fetches before the page is usable, that is before it paints plus what its script
// requests at once (the sign-in pages' form engine), brotli with gzip beside
// (scripts/first-load.ts). Fails when a page is over its budget, or when a page that must stay
// light statically loads AG Grid, ECharts or zxcvbn (they belong to the screens that use them,
// loaded lazily).
// Usage: tsx scripts/check-bundle.ts   (BUNDLE_DIST=<dir> reads another build output)
import { BUDGETS, KB, pageLoad, readWebBuild } from './first-load';

const build = readWebBuild();
const { manifest, entry, staticClosure, sizeOf, total } = build;

/** Where a page that must stay light may not reach: none of these statically. */
const LIGHT = [/^src\/pages\/auth\//, /^src\/pages\/developer\/DeveloperShell\.tsx$/, /^src\/pages\/install\//];

// How each library shows in a chunk: a module path in the manifest (a lazily imported
// package keeps its own entry) or text that survives minification.
const HEAVY: { library: string; module: RegExp; signature: RegExp }[] = [
  { library: 'AG Grid', module: /[\\/]ag-grid-/, signature: /ag-root-wrapper/ },
  { library: 'ECharts', module: /[\\/](echarts|zrender)[\\/]/, signature: /zrUtil|zrender/ },
  { library: 'zxcvbn', module: /[\\/]@zxcvbn-ts[\\/]/, signature: /bruteforce|qwertz/ },
  { library: 'dnd-kit', module: /[\\/]@dnd-kit[\\/]/, signature: /To pick up a draggable item/ },
];

const kb = (bytes: number): string => (bytes / KB).toFixed(1);

let failures = 0;
const fail = (message: string): void => {
  failures += 1;
  console.error(`FAIL ${message}`);
};

const row = (name: string, cells: string[]): string => `${name.padEnd(42)}${cells.map((cell) => cell.padStart(12)).join('')}`;
console.log(row('page (kB of JavaScript)', ['raw', 'gzip', 'brotli', 'budget', 'first paint', 'at once', 'when idle']));
for (const { name, sources, brotliKb, formEngineAtOnce } of BUDGETS) {
  const missing = sources.filter((source) => !manifest[source]);
  if (missing.length > 0) {
    fail(`${name}: ${missing.join(', ')} is not in the build`);
    continue;
  }
  const { firstPaint, atOnce, whenIdle } = pageLoad({ build, sources });
  if (formEngineAtOnce && atOnce.size === 0) fail(`${name}: no form engine chunk requested at once (renamed? see isAtOnce in scripts/first-load.ts)`);
  const usable = total(new Set([...firstPaint, ...atOnce]));
  const brotli = (keys: Set<string>): string => kb(total(keys).brotli);
  console.log(row(name, [kb(usable.raw), kb(usable.gzip), kb(usable.brotli), brotliKb ? String(brotliKb) : '-', brotli(firstPaint), brotli(atOnce), brotli(whenIdle)]));
  if (brotliKb !== undefined && usable.brotli > brotliKb * KB) {
    fail(`${name} loads ${(usable.brotli / KB).toFixed(1)} kB brotli before it is usable (first paint and chunks requested at once; budget ${brotliKb} kB)`);
  }
}
console.log('raw, gzip, brotli: first paint and at once together, which the budget holds; the last three columns are brotli.');

const pages = Object.keys(manifest).filter((key) => LIGHT.some((light) => light.test(key)));
for (const page of [entry, ...pages]) {
  for (const key of staticClosure(page)) {
    for (const heavy of HEAVY) {
      if (heavy.module.test(key) || heavy.signature.test(sizeOf(key).code)) fail(`${page} statically loads ${heavy.library} (${manifest[key].file})`);
    }
  }
}

if (failures > 0) process.exit(1);
console.log(`OK: budgets held; the entry and ${pages.length} light page(s) load no AG Grid, ECharts, zxcvbn or dnd-kit up front`);
