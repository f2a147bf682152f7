// npm run generate: bundle openapi/ into generated/openapi.json, then hey-api into generated/client.
// A document that cannot work is refused in one line, with no stack (rules/openapi-refusal.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { bundleOpenApi } from './bundle-openapi';
import { OpenApiRefusal } from '../rules/openapi-refusal';

export function generate({ outDir = 'generated' }: { outDir?: string } = {}): void {
  // Bundled (and so checked) before anything is written: a refused document leaves generated/ as it was.
  const document = bundleOpenApi();
  mkdirSync(outDir, { recursive: true });
  // Whole or not at all: the dev loop's server restarts as soon as the file changes (scripts/dev.ts).
  writeFileSync(`${outDir}/openapi.json.tmp`, `${JSON.stringify(document, null, 2)}\n`);
  renameSync(`${outDir}/openapi.json.tmp`, `${outDir}/openapi.json`);
  execFileSync(
    'node_modules/.bin/openapi-ts',
    ['-s', '-f', 'openapi-ts.config.ts', '-i', `./${outDir}/openapi.json`, '-o', `./${outDir}/client`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

if (require.main === module) {
  try {
    generate();
  } catch (err) {
    if (!(err instanceof OpenApiRefusal)) throw err;
    console.error(`npm run generate refused openapi/: ${err.message}`);
    process.exitCode = 1;
  }
}
