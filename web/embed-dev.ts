// npm run dev: the Vite server answers /embed.js and each renderer file (/embed/<type>.dev.js)
// itself, bundled from web/embed/ at each request (a few milliseconds), and hands the runtime's
// pages and data scripts (/embed/widget/…, /embed/preview, /embed/data/…, /preview/…, /w/…) to
// the API server, so the editor's preview works without a build.
import type { Plugin } from 'vite';
import { bundleEmbed, bundleRenderer, rendererEntries } from '../scripts/embed-bundle';

export const EMBED_PAGES_PROXY = '^/(embed/(widget|preview|data)|preview/|w/)';

const DEV_FILE = /^\/([a-z0-9-]+)\.dev\.js$/;

export function embedDevServer(): Plugin {
  return {
    name: 'nindo-embed-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/embed.js', (_req, res, next) => {
        const files = Object.fromEntries(rendererEntries().map(({ type }) => [type, `${type}.dev.js`]));
        bundleEmbed(files)
          .then((code) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(code);
          })
          .catch(next);
      });
      server.middlewares.use('/embed', (req, res, next) => {
        const type = DEV_FILE.exec(req.url ?? '')?.[1];
        const entry = rendererEntries().find((candidate) => candidate.type === type);
        if (!entry) return next();
        bundleRenderer(entry)
          .then((code) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(code);
          })
          .catch(next);
      });
    },
  };
}
