// Fails when a page that must stay light statically loads a heavy library. Reads the Vite
// manifest of `npx vite build --config web/vite.config.ts` (web/dist/.vite/manifest.json),
// follows the static imports of the app entry and of every auth page, and rejects any
// chunk that is (or contains) AG Grid, ECharts or zxcvbn and its dictionaries.
// Usage: tsx scripts/check-bundle.ts [page-source-prefix ...]   (default: src/pages/auth/;
// BUNDLE_DIST=<dir> reads another build output)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const DIST = process.env.BUNDLE_DIST ?? join(__dirname, '..', 'web', 'dist');

// How each library shows in a chunk: a module path in the manifest (a lazily imported
// package keeps its own entry) or text that survives minification.
const HEAVY: { library: string; module: RegExp; signature: RegExp }[] = [
  { library: 'AG Grid', module: /[\\/]ag-grid-/, signature: /ag-root-wrapper/ },
  { library: 'ECharts', module: /[\\/](echarts|zrender)[\\/]/, signature: /zrUtil|zrender/ },
  { library: 'zxcvbn', module: /[\\/]@zxcvbn-ts[\\/]/, signature: /bruteforce|qwertz/ },
];

const prefixes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['src/pages/auth/'];
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** Manifest keys reachable from `key` through static imports only. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticClosure(next, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('No entry in the manifest: build first (npx vite build --config web/vite.config.ts)');
const pages = Object.keys(manifest).filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
if (pages.length === 0) throw new Error(`No built page matches ${prefixes.join(', ')}`);

let failures = 0;
for (const page of pages) {
  const keys = new Set([...staticClosure(entry), ...staticClosure(page)]);
  let bytes = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    const code = readFileSync(join(DIST, chunk.file), 'utf8');
    bytes += gzipSync(code).length;
    for (const heavy of HEAVY) {
      if (heavy.module.test(key) || heavy.signature.test(code)) {
        failures += 1;
        console.error(`FAIL ${page} statically loads ${heavy.library} (${chunk.file})`);
      }
    }
  }
  console.log(`${page}: ${keys.size} chunks, ${(bytes / 1024).toFixed(1)} kB gzip of JS on first load`);
}

if (failures > 0) process.exit(1);
console.log(`OK: ${pages.length} page(s) load no AG Grid, ECharts or zxcvbn up front`);
