// What each page of the web build makes the browser fetch, from the Vite manifest of
// `vite build --config web/vite.config.ts` (web/dist/.vite/manifest.json): before it paints
// (the static imports of the app entry and of the page), what it requests at once without
// waiting for the user (the form engine of the sign-in pages), and what follows when the
// browser is idle (sonner, for the toast host). Sizes are brotli at the quality the build
// stores (web/precompress.ts), which is what browsers are sent, with gzip and raw beside.
// Shared by scripts/check-bundle.ts (CI budgets) and the bench.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export const WEB_DIST = process.env.BUNDLE_DIST ?? join(__dirname, '..', 'web', 'dist');
export const KB = 1024;

/**
 * Pages (their route's source files, loaded together) and their budget in kB of brotli for what
 * they load before they are usable (first paint and at once). `formEngineAtOnce`: the page
 * renders LazySchemaForm, so the check fails if it finds no form engine chunk to count.
 */
export const BUDGETS: { name: string; sources: string[]; brotliKb?: number; formEngineAtOnce?: true }[] = [
  { name: 'login', sources: ['src/pages/auth/LoginPage.tsx'], brotliKb: 150, formEngineAtOnce: true },
  { name: 'signup', sources: ['src/pages/auth/SignupPage.tsx'], brotliKb: 150, formEngineAtOnce: true },
  { name: 'forgot', sources: ['src/pages/auth/ForgotPage.tsx'], brotliKb: 150, formEngineAtOnce: true },
  { name: 'developer portal shell (/developer/apps)', sources: ['src/pages/developer/DeveloperShell.tsx', 'src/pages/developer/apps/MyAppsPage.tsx'], brotliKb: 300 },
  { name: 'install consent', sources: ['src/pages/install/InstallConsentPage.tsx'] },
  { name: 'developer app dashboard', sources: ['src/pages/developer/DeveloperShell.tsx', 'src/pages/developer/dashboard/DashboardPage.tsx'] },
];

export interface WebBuild {
  manifest: Manifest;
  entry: string;
  /** Manifest keys reachable from `key` through static imports only. */
  staticClosure(key: string): Set<string>;
  sizeOf(key: string): Sizes & { code: string };
  total(keys: Set<string>): Sizes;
}

export function readWebBuild(dist = WEB_DIST): WebBuild {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('No entry in the manifest: build first (npx vite build --config web/vite.config.ts)');

  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) staticClosure(next, seen);
    return seen;
  };

  const sizes = new Map<string, Sizes & { code: string }>();
  const sizeOf = (key: string): Sizes & { code: string } => {
    let size = sizes.get(key);
    if (!size) {
      const bytes = readFileSync(join(dist, manifest[key].file));
      size = {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length,
        code: bytes.toString('utf8'),
      };
      sizes.set(key, size);
    }
    return size;
  };

  const total = (keys: Set<string>): Sizes =>
    [...keys].map(sizeOf).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });

  return { manifest, entry, staticClosure: (key) => staticClosure(key), sizeOf, total };
}

/** The manifest keys a page loads before first paint (entry and page sources, static imports followed). */
const firstLoadKeys = ({ build, sources }: { build: WebBuild; sources: string[] }): Set<string> =>
  new Set([build.entry, ...sources].flatMap((key) => [...build.staticClosure(key)]));

/** Lazily imported chunks a page requests as soon as its script runs: LazySchemaForm imports the form engine at module load. */
const isAtOnce = (chunk: ManifestChunk): boolean => chunk.src === '../forms/FormEngine.tsx' || chunk.name === 'FormEngine';
/** Lazily imported chunks the app requests once the browser is idle: the toast host's sonner. */
const isWhenIdle = (chunk: ManifestChunk): boolean => chunk.name === 'sonner';

export interface PageLoad {
  /** Fetched before the page paints. */
  firstPaint: Set<string>;
  /** Requested at once by the page's script, beyond the first paint. */
  atOnce: Set<string>;
  /** Requested when the browser is idle, beyond both. */
  whenIdle: Set<string>;
}

/** What a page loads, by stage; the budgets hold the first paint and the chunks requested at once together. */
export function pageLoad({ build, sources }: { build: WebBuild; sources: string[] }): PageLoad {
  const { manifest, staticClosure } = build;
  const firstPaint = firstLoadKeys({ build, sources });
  const lazily = (pick: (chunk: ManifestChunk) => boolean, known: Set<string>): Set<string> =>
    new Set(
      [...firstPaint]
        .flatMap((key) => manifest[key].dynamicImports ?? [])
        .filter((key) => manifest[key] && pick(manifest[key]))
        .flatMap((key) => [...staticClosure(key)])
        .filter((key) => !known.has(key)),
    );
  const atOnce = lazily(isAtOnce, firstPaint);
  const whenIdle = lazily(isWhenIdle, new Set([...firstPaint, ...atOnce]));
  return { firstPaint, atOnce, whenIdle };
}
