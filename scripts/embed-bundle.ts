// The embed runtime bundled as it is served (web/embed/runtime.ts, every renderer included):
// scripts/build-embed.ts writes it, scripts/check-embed-size.ts measures it.
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../server/paths';

export const EMBED_DIR = join(ROOT, 'web', 'embed');
export const EMBED_OUT = join(ROOT, 'web', 'dist', 'embed.js');
/** The script a site loads, loader and renderers, in gzip kB (issue 10). */
export const EMBED_BUDGET_KB = 20;

/** Minified code of `entry` (the runtime by default; one renderer alone for the size report). */
export async function bundleEmbed(entry = join(EMBED_DIR, 'runtime.ts')): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, write: false, minify: true, format: 'iife', target: 'es2020', legalComments: 'none', logLevel: 'warning' });
  return result.outputFiles[0].text;
}
