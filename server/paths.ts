// The repository root, found by walking up from this module's folder to package.json: the
// same answer from server/ under tsx and from the bundle in dist/server/, so files read at
// run time (generated/openapi.json, web/dist, server/data) resolve in both.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

// Vite's config runner (`--configLoader runner`, web/vite.config.ts imports this) evaluates modules
// as ES modules, which have no __dirname: there it walks up from the working folder, inside the
// repository wherever vite is run from.
export const ROOT = findRoot(typeof __dirname === 'string' ? __dirname : process.cwd());
