// Inlines the declared resources' screens (web/src/pages/declared/screens.ts) as data at build
// time: that module would otherwise bring every schema of the document into the shells' chunks
// for the few `x-resource` ones (docs/serving.md, "First-load JavaScript").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { declaredScreens } from '../forms/resource/declared';
import type { JsonSchema } from '../forms/schemas';

const MODULE = /web[\\/]src[\\/]pages[\\/]declared[\\/]screens\.ts$/;
const DOCUMENT = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

export function declaredScreensPlugin(): Plugin {
  return {
    name: 'nindo-declared-screens',
    enforce: 'pre',
    load(id) {
      if (!MODULE.test(id)) return null;
      this.addWatchFile(DOCUMENT);
      const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as { components: { schemas: Record<string, JsonSchema> } };
      const screens = JSON.stringify(declaredScreens(document.components.schemas));
      return `export const DECLARED_SCREENS = ${screens};\nexport const screensIn = (menu) => DECLARED_SCREENS.filter((screen) => screen.menu === menu);\n`;
    },
  };
}
