import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { EMBED_PAGES_PROXY, embedDevServer } from './embed-dev';
import { HOSTED_PAGES_PROXY, hostedDevServer } from './hosted-dev';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root,
  plugins: [react(), precompress(), embedDevServer(), hostedDevServer()],
  resolve: {
    // Lighter stand-ins for what RJSF imports but our forms never use: docs/forms.md, "Code splitting".
    alias: {
      'markdown-to-jsx/react': fileURLToPath(new URL('../forms/plain-markdown.tsx', import.meta.url)),
      'fast-uri': fileURLToPath(new URL('./fast-uri-lite.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // React, the router and react-query, which every page runs, in one chunk of their own:
        // left to itself the bundler splits them into small common chunks that shift as pages
        // are added (worse compression, one more request each), and app deploys would
        // invalidate them in the browser's cache.
        // Sonner, which the toast host loads when the browser is idle, under its own name
        // (scripts/first-load.ts reports it apart).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/ },
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/integrations', '/nindo/api', '/docs', '/openapi.json', EMBED_PAGES_PROXY, HOSTED_PAGES_PROXY].map((p) => [p, api]),
    ),
  },
});
