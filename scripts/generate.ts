// npm run generate: bundle openapi/ into generated/openapi.json, then hey-api into generated/client
// and one module per schema into generated/schemas (scripts/schema-modules.ts).
// A document that cannot work is refused in one line, with no stack (rules/openapi-refusal.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { bundleOpenApi } from './bundle-openapi';
import { writeSchemaModules } from './schema-modules';
import { OpenApiRefusal } from '../rules/openapi-refusal';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Writes the bundled document and the client; answers the number of operations the document has. */
export function generate({ outDir = 'generated' }: { outDir?: string } = {}): { operations: number } {
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
  writeSchemaModules({ outDir, schemas: (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {} });
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  const operations = Object.values(paths).flatMap((item) => Object.keys(item).filter((key) => METHODS.has(key))).length;
  return { operations };
}

if (require.main === module) {
  try {
    const { operations } = generate();
    console.log(`npm run generate: wrote generated/openapi.json (${operations} operations) and generated/client/ from openapi/`);
  } catch (err) {
    if (!(err instanceof OpenApiRefusal)) throw err;
    console.error(`npm run generate refused openapi/: ${err.message}`);
    process.exitCode = 1;
  }
}
