// First-load budgets of the web build, checked in CI. Reads the Vite manifest of
// `vite build --config web/vite.config.ts` (web/dist/.vite/manifest.json) and, for each page,
// follows the static imports of the app entry and of the page: that is the JavaScript the
// browser must fetch before the page paints. Sizes are brotli at the quality the build
// stores (web/precompress.ts), which is what browsers are sent; gzip is printed beside it.
// Fails when a page is over its budget, or when a page that must stay light statically
// loads AG Grid, ECharts or zxcvbn (they belong to the screens that use them, loaded lazily).
// Usage: tsx scripts/check-bundle.ts   (BUNDLE_DIST=<dir> reads another build output)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const DIST = process.env.BUNDLE_DIST ?? join(__dirname, '..', 'web', 'dist');
const KB = 1024;

/** Pages (their route's source files, loaded together) and their first-load budget in kB of brotli. */
const BUDGETS: { name: string; sources: string[]; brotliKb?: number }[] = [
  { name: 'login', sources: ['src/pages/auth/LoginPage.tsx'], brotliKb: 150 },
  { name: 'signup', sources: ['src/pages/auth/SignupPage.tsx'], brotliKb: 150 },
  { name: 'forgot', sources: ['src/pages/auth/ForgotPage.tsx'], brotliKb: 150 },
  { name: 'developer portal shell (/developer/apps)', sources: ['src/pages/developer/DeveloperShell.tsx', 'src/pages/developer/apps/MyAppsPage.tsx'], brotliKb: 300 },
  { name: 'install consent', sources: ['src/pages/install/InstallConsentPage.tsx'] },
  { name: 'developer app dashboard', sources: ['src/pages/developer/DeveloperShell.tsx', 'src/pages/developer/dashboard/DashboardPage.tsx'] },
];

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
const isFormEngine = (key: string): boolean => manifest[key]?.src === '../forms/SchemaForm.tsx' || manifest[key]?.name === 'SchemaForm';

const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('No entry in the manifest: build first (npx vite build --config web/vite.config.ts)');

/** Manifest keys reachable from `key` through static imports only. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticClosure(next, seen);
  return seen;
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number; code: string }>();
function sizeOf(key: string) {
  let size = sizes.get(key);
  if (!size) {
    const bytes = readFileSync(join(DIST, manifest[key].file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length,
      code: bytes.toString('utf8'),
    };
    sizes.set(key, size);
  }
  return size;
}

const total = (keys: Set<string>) =>
  [...keys].map(sizeOf).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
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
  const keys = new Set([entry, ...sources].flatMap((key) => [...staticClosure(key)]));
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
