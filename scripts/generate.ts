// npm run generate: bundle openapi/ into generated/openapi.json, then hey-api into generated/client.
import { mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { bundleOpenApi } from './bundle-openapi';

export function generate({ outDir = 'generated' }: { outDir?: string } = {}): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(`${outDir}/openapi.json`, `${JSON.stringify(bundleOpenApi(), null, 2)}\n`);
  execFileSync(
    'node_modules/.bin/openapi-ts',
    ['-s', '-f', 'openapi-ts.config.ts', '-i', `./${outDir}/openapi.json`, '-o', `./${outDir}/client`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

if (require.main === module) generate();
