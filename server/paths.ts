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

export const ROOT = findRoot(__dirname);
