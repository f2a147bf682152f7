// /docs: the API reference rendered by Scalar from generated/openapi.json, served
// from node_modules (no CDN), with "try it" pointed at this server.
import type { Express } from 'express';
import { openApiDocument } from './openapi-document';

const scalarBundle = require.resolve('@scalar/api-reference/browser/standalone.js');

export function mountDocs({ app, brand }: { app: Express; brand: string }): void {
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  app.get('/docs/scalar.js', (_req, res) => {
    res.type('application/javascript').sendFile(scalarBundle);
  });
  app.get('/docs', (_req, res) => {
    const config = JSON.stringify({ url: '/openapi.json', servers: [{ url: '/' }], withDefaultFonts: false });
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${brand} API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><div id="app"></div><script src="/docs/scalar.js"></script>
<script>Scalar.createApiReference('#app', ${config});</script></body></html>`);
  });
}
