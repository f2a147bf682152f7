// Inlines the declared resources' screens (web/src/pages/declared/screens.ts) as data at build
// time: that module would otherwise bring every schema of the document into the shells' chunks
// for the few `x-resource` ones (docs/serving.md, "First-load JavaScript").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { declaredScreens } from '../forms/resource/declared';
import type { JsonSchema } from '../forms/schemas';

const MODULE = /web[\\/]src[\\/]pages[\\/]declared[\\/]screens\.ts$/;
const SCREENS = fileURLToPath(new URL('./src/pages/declared/screens.ts', import.meta.url));
const GENERATED = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

/**
 * `document`: the bundled document to read (default generated/openapi.json). A build on another
 * one (DECLARED_SCREENS_DOCUMENT, e.g. a test's copy of openapi/ with a resource added) shows
 * that copy's screens: they carry their schemas and call the API by path.
 */
export function declaredScreensPlugin({ document = process.env.DECLARED_SCREENS_DOCUMENT || GENERATED }: { document?: string } = {}): Plugin {
  return {
    name: 'nindo-declared-screens',
    enforce: 'pre',
    // npm run dev: a new document (the dev loop regenerates it on an edit of openapi/, replacing
    // the file whole) reloads the page with its screens.
    configureServer(server) {
      const reload = (file: string): void => {
        if (resolve(file) !== resolve(document)) return;
        for (const module of server.moduleGraph.getModulesByFile(SCREENS) ?? []) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.add(document);
      server.watcher.on('change', reload);
      server.watcher.on('add', reload);
    },
    load(id) {
      if (!MODULE.test(id)) return null;
      this.addWatchFile(document);
      const bundled = JSON.parse(readFileSync(document, 'utf8')) as { components: { schemas: Record<string, JsonSchema> } };
      const screens = JSON.stringify(declaredScreens(bundled.components.schemas));
      return `export const DECLARED_SCREENS = ${screens};\nexport const screensIn = (menu) => DECLARED_SCREENS.filter((screen) => screen.menu === menu);\n`;
    },
  };
}
