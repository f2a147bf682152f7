// /docs: the API reference rendered by Scalar from generated/openapi.json, served
// from node_modules (no CDN), with "try it" pointed at this server. The page has no
// inline script, so the Content-Security-Policy can keep script-src to this origin.
import type { Express } from 'express';
import { openApiDocument } from './openapi-document';
import { precompressedFile } from './precompressed-file';
import { REVALIDATE } from './cache-control';

const scalarBundle = require.resolve('@scalar/api-reference/browser/standalone.js');
const SCALAR_CONFIG = { url: '/openapi.json', servers: [{ url: '/' }], withDefaultFonts: false };

export function mountDocs({ app, brand }: { app: Express; brand: string }): void {
  const scalar = precompressedFile({ file: scalarBundle, type: 'application/javascript', urlFor: (hash) => `/docs/scalar-${hash}.js` });
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  app.get(/^\/docs\/scalar-[0-9a-f]+\.js$/, scalar.handler);
  app.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', REVALIDATE).send(`Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIG)});\n`);
  });
  app.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', REVALIDATE).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${brand} API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><div id="app"></div><script src="${scalar.url()}"></script>
<script src="/docs/init.js"></script></body></html>`);
  });
}
