// Loaded with `--configLoader runner` (package.json's scripts, scripts/dev.ts): Vite's default loader
// bundles this file and warns about each file it imports, written as ES modules in a package
// without "type": "module"; the runner evaluates them as the ES modules they are.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { sonnerBridge } from './sonner-bridge-plugin';
import { trimRjsfRegistry } from './rjsf/trim-registry';
import { declaredScreensPlugin } from './declared-screens-plugin';
import { API_PATH_PREFIXES } from '../rules/api-paths';
import { EMBED_PAGES_PROXY, embedDevServer } from './embed-dev';
import { HOSTED_PAGES_PROXY, hostedDevServer } from './hosted-dev';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Modules of the `app` chunk (see codeSplitting below). */
const APP_SHARED = /generated[\\/]client[\\/]|forms[\\/](server-errors\.ts|uiSchemas[\\/]accounts\.ts|components[\\/]CopyField)|web[\\/]src[\\/]layouts[\\/](embed-frame|use-brand|BrandMark|layout-common)\.|web[\\/]src[\\/]api\.ts|rules[\\/]url-patterns\.ts/;
/** Modules of the `sign-in` chunk: the sign-in pages (log in, sign up, forgot) and what they share (layout, hooks, captcha, social sign-in, the lazy form). */
const SIGN_IN =
  /web[\\/]src[\\/]pages[\\/]auth[\\/](LoginPage|SignupPage|ForgotPage|CodeBoxes|TwoFactorPopup|SocialButtons|ProviderLogo|StatusPanel|use-sign-in-page|use-social-sign-in|social-login|auth-error|form-schema|after-sign-in|captcha[\\/])|web[\\/]src[\\/]layouts[\\/](AuthLayout|SideIllustration|Testimonials|auth-variant)\.|forms[\\/]LazySchemaForm\./;

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root,
  plugins: [react(), sonnerBridge(), trimRjsfRegistry(), declaredScreensPlugin(), precompress(), embedDevServer(), hostedDevServer()],
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
    // The one chunk over 500 kB is @zxcvbn-ts/language-en's word lists (1.2 MB, 612 kB gzip), a
    // third-party dictionary that is simply that large and must stay whole (the server judges
    // passwords with the same lists, rules/password-strength.ts). It is fetched only when a
    // password strength meter first checks a password (sign up, reset, change password), never
    // with a page. The limit sits just above it, so any other chunk that grows this big warns.
    chunkSizeWarningLimit: 1250,
    rolldownOptions: {
      output: {
        // Chunks are grouped so that a page makes few requests: each one costs its headers
        // (about 1 kB with the security headers) and compresses worse alone. docs/serving.md,
        // "First-load JavaScript".
        codeSplitting: {
          groups: [
            // React, the router and react-query, which every page runs, with the bundler's
            // runtime helpers (ids starting with a NUL byte): left to itself the bundler splits
            // them into small common chunks that shift as pages are added, and app deploys would
            // invalidate them in the browser's cache.
            { name: 'vendor', priority: 30, test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]|^\0/ },
            // Sonner and its bridge, loaded only once something toasts (web/sonner-bridge-plugin.ts);
            // not what the bridge imports from the entry (sonner-loaded.ts).
            { name: 'sonner', priority: 30, test: /node_modules[\\/]sonner[\\/]|sonner-bridge\.ts$/, includeDependenciesRecursively: false },
            // Our code that nearly every page imports: the generated client, the answers' error
            // mapping, the brand mark, the layouts' common styles and the frame helpers, the account forms' uiSchemas (the
            // schema registry of SchemaForm includes them), the copy field of the form engine and the stored
            // addresses' patterns (the form engine's messages and the widget screens read them: alone, a request of its own).
            { name: 'app', priority: 20, test: APP_SHARED },
            // The sign-in pages and what they share: one request instead of a dozen.
            { name: 'sign-in', priority: 10, test: SIGN_IN },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      [...API_PATH_PREFIXES, '/docs', '/openapi.json', EMBED_PAGES_PROXY, HOSTED_PAGES_PROXY].map((p) => [p, api]),
    ),
  },
});
