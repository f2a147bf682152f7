// Vite plugin: after the build writes its files, store a brotli (max quality) and a gzip
// copy beside each script, stylesheet and SVG, for the server to send as they are
// (server/http/web-app.ts). Compressing once at build time affords the slowest, best settings.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Same floor as the server's runtime compression: below it the headers cost more than the savings. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `files` (paths relative to `dir`). */
export async function precompressFiles({ dir, files }: { dir: string; files: string[] }): Promise<void> {
  await Promise.all(
    files
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const path = join(dir, name);
        const bytes = await readFile(path);
        if (bytes.length < MIN_BYTES) return;
        const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
        await Promise.all([
          brotli(bytes, { params }).then((out) => writeFile(`${path}.br`, out)),
          gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }).then((out) => writeFile(`${path}.gz`, out)),
        ]);
      }),
  );
}

export function precompress(): Plugin {
  return {
    name: 'nindo-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      await precompressFiles({ dir: options.dir ?? '', files: Object.keys(bundle) });
    },
  };
}
