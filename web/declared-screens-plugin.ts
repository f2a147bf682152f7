// Inlines the declared resources' screens (web/src/pages/declared/screens.ts) as data at build
// time: that module would otherwise bring every schema of the document into the shells' chunks
// for the few `x-resource` ones (docs/serving.md, "First-load JavaScript").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { declaredScreens } from '../forms/resource/declared';
import type { JsonSchema } from '../forms/schemas';

const MODULE = /web[\\/]src[\\/]pages[\\/]declared[\\/]screens\.ts$/;
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
    load(id) {
      if (!MODULE.test(id)) return null;
      this.addWatchFile(document);
      const bundled = JSON.parse(readFileSync(document, 'utf8')) as { components: { schemas: Record<string, JsonSchema> } };
      const screens = JSON.stringify(declaredScreens(bundled.components.schemas));
      return `export const DECLARED_SCREENS = ${screens};\nexport const screensIn = (menu) => DECLARED_SCREENS.filter((screen) => screen.menu === menu);\n`;
    },
  };
}
