// The modules under server/handlers, found by scanning the folder (tsx, tests). The compiled
// server has no .ts files to scan: scripts/build-server.ts replaces this module in the bundle
// with static imports of the same files, listed by handlerFiles.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../paths';

export interface HandlerModule {
  /** Path under server/handlers, for error messages. */
  file: string;
  exports: Record<string, unknown>;
}

export const handlersDir = join(ROOT, 'server', 'handlers');

/** Every handler source file, as absolute paths in a stable order. */
export const handlerFiles = (dir = handlersDir): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return handlerFiles(full);
      return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
    });

export const handlerModules = (): HandlerModule[] =>
  handlerFiles().map((file) => ({ file: relative(handlersDir, file), exports: require(file) as Record<string, unknown> }));
