// npm run dev: the Vite server answers /embed.js itself, bundled from web/embed/ at each
// request (a few milliseconds), and hands the runtime's pages (/embed/widget/…, /embed/preview,
// /preview/…) to the API server, so the editor's preview works without a build.
import type { Plugin } from 'vite';
import { bundleEmbed } from '../scripts/embed-bundle';

export const EMBED_PAGES_PROXY = '^/(embed/(widget|preview)|preview/)';

export function embedDevServer(): Plugin {
  return {
    name: 'nindo-embed-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/embed.js', (_req, res, next) => {
        bundleEmbed()
          .then((code) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(code);
          })
          .catch(next);
      });
    },
  };
}
