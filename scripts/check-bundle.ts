// First-load budgets of the web build, checked in CI: for each page of BUDGETS, the JavaScript
// the browser must fetch before the page paints (scripts/first-load.ts), brotli with gzip beside.
// Fails when a page is over its budget, or when a page that must stay light statically
// loads AG Grid, ECharts or zxcvbn (they belong to the screens that use them, loaded lazily).
// Usage: tsx scripts/check-bundle.ts   (BUNDLE_DIST=<dir> reads another build output)
import { BUDGETS, firstLoadKeys, KB, readWebBuild } from './first-load';

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
];

/** The form engine's chunk, which LazySchemaForm requests as soon as a sign-in page runs. */
const isFormEngine = (key: string): boolean => manifest[key]?.src === '../forms/FormEngine.tsx' || manifest[key]?.name === 'FormEngine';

const kb = (bytes: number): string => (bytes / KB).toFixed(1).padStart(7);

let failures = 0;
const fail = (message: string): void => {
  failures += 1;
  console.error(`FAIL ${message}`);
};

console.log(`${'page'.padEnd(42)}     raw    gzip  brotli  budget  (kB of JS before first paint)`);
for (const { name, sources, brotliKb } of BUDGETS) {
  const missing = sources.filter((source) => !manifest[source]);
  if (missing.length > 0) {
    fail(`${name}: ${missing.join(', ')} is not in the build`);
    continue;
  }
  const keys = firstLoadKeys({ build, sources });
  const sum = total(keys);
  console.log(`${name.padEnd(42)} ${kb(sum.raw)} ${kb(sum.gzip)} ${kb(sum.brotli)} ${brotliKb ? String(brotliKb).padStart(7) : '      -'}`);
  const formEngine = [...keys].flatMap((key) => manifest[key].dynamicImports ?? []).find(isFormEngine);
  if (formEngine) {
    const withForm = total(new Set([...keys, ...staticClosure(formEngine)]));
    console.log(`${'  + form engine, requested at once'.padEnd(42)} ${kb(withForm.raw)} ${kb(withForm.gzip)} ${kb(withForm.brotli)}`);
  }
  if (brotliKb !== undefined && sum.brotli > brotliKb * KB) fail(`${name} loads ${(sum.brotli / KB).toFixed(1)} kB brotli before first paint (budget ${brotliKb} kB)`);
}

const pages = Object.keys(manifest).filter((key) => LIGHT.some((light) => light.test(key)));
for (const page of [entry, ...pages]) {
  for (const key of staticClosure(page)) {
    for (const heavy of HEAVY) {
      if (heavy.module.test(key) || heavy.signature.test(sizeOf(key).code)) fail(`${page} statically loads ${heavy.library} (${manifest[key].file})`);
    }
  }
}

if (failures > 0) process.exit(1);
console.log(`OK: budgets held; the entry and ${pages.length} light page(s) load no AG Grid, ECharts or zxcvbn up front`);
