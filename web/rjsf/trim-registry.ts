// Vite plugin: RJSF's default registry (@rjsf/core/lib/getDefaultRegistry.js) imports every field,
// widget and template RJSF has; in the web build its three lists resolve to web/rjsf/fields.ts,
// widgets.ts and templates.ts, which leave out those no uiSchema of ours names and load the
// array field with its templates on first use. The form engine is loaded
// by every sign-in page (docs/serving.md, "First-load JavaScript"). A uiSchema that starts using
// one of them must add it back to the list.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REGISTRY = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/;
const LISTS: Record<string, string> = {
  './components/fields/index.js': fileURLToPath(new URL('./fields.ts', import.meta.url)),
  './components/widgets/index.js': fileURLToPath(new URL('./widgets.ts', import.meta.url)),
  './components/templates/index.js': fileURLToPath(new URL('./templates.ts', import.meta.url)),
};

export function trimRjsfRegistry(): Plugin {
  return {
    name: 'nindo-trim-rjsf-registry',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !REGISTRY.test(importer.split('?')[0])) return null;
      return LISTS[source] ?? null;
    },
  };
}
