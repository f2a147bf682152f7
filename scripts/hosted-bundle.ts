// The scripts of the checkout's hosted frames (web/hosted/, served as /hosted/<name>.js by
// server/http/hosted-pages.ts's pages): scripts/build-hosted.ts writes them, web/hosted-dev.ts
// bundles them per request under npm run dev.
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../server/paths';

export const HOSTED_SCRIPTS = ['card-fields', 'three-d-secure'] as const;
export const HOSTED_OUT_DIR = join(ROOT, 'web', 'dist', 'hosted');

export async function bundleHosted(name: string): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'web', 'hosted', `${name}.ts`)],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}
