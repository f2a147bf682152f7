// Vite plugin: every import of 'sonner' in the app resolves to web/src/components/sonner-bridge.ts,
// which re-exports sonner and tells the toast host that sonner has been loaded (the bridge's own
// import of 'sonner' is left alone). So the host mounts the Toaster when a page or the form engine
// first loads sonner to toast, and the pages that never toast (the sign-in pages until a failure)
// never download it. docs/serving.md, "First-load JavaScript".
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const SONNER_BRIDGE = fileURLToPath(new URL('./src/components/sonner-bridge.ts', import.meta.url));

export function sonnerBridge(): Plugin {
  return {
    name: 'nindo-sonner-bridge',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'sonner' || importer?.split('?')[0] === SONNER_BRIDGE) return null;
      return SONNER_BRIDGE;
    },
  };
}
