// npm run dev: the Vite server answers the hosted frames' scripts (/hosted/<name>.js) itself,
// bundled from web/hosted/ at each request, and hands their pages (/hosted/card-fields,
// /hosted/3ds/...) to the API server, so the checkout's card fields work without a build.
import type { Plugin } from 'vite';
import { HOSTED_SCRIPTS, bundleHosted } from '../scripts/hosted-bundle';

export const HOSTED_PAGES_PROXY = '^/hosted/(card-fields(\\?|$)|3ds/)';

export function hostedDevServer(): Plugin {
  return {
    name: 'nindo-hosted-dev',
    apply: 'serve',
    configureServer(server) {
      for (const name of HOSTED_SCRIPTS) {
        server.middlewares.use(`/hosted/${name}.js`, (_req, res, next) => {
          bundleHosted(name)
            .then((code) => {
              res.setHeader('Content-Type', 'text/javascript');
              res.end(code);
            })
            .catch(next);
        });
      }
    },
  };
}
