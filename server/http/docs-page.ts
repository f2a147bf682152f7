// /docs: the API reference rendered by Scalar from generated/openapi.json, served
// from node_modules (no CDN), with "try it" pointed at this server. The page has no
// inline script, so the Content-Security-Policy can keep script-src to this origin.
// Each app's data API reference (data-docs-page.ts) shares the same Scalar bundle.
import type { Express } from 'express';
import { openApiDocument } from './openapi-document';
import { precompressedFile } from './precompressed-file';
import { sendReferenceInit, sendReferencePage } from './reference-page';
import { mountDataDocs } from './data-docs-page';

const scalarBundle = require.resolve('@scalar/api-reference/browser/standalone.js');
const SCALAR_CONFIG = { url: '/openapi.json', servers: [{ url: '/' }], withDefaultFonts: false };

export function mountDocs({ app, brand }: { app: Express; brand: string }): void {
  const scalar = precompressedFile({ file: scalarBundle, type: 'application/javascript', urlFor: (hash) => `/docs/scalar-${hash}.js` });
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  app.get(/^\/docs\/scalar-[0-9a-f]+\.js$/, scalar.handler);
  app.get('/docs/init.js', (_req, res) => {
    sendReferenceInit({ res, config: SCALAR_CONFIG });
  });
  app.get('/docs', (_req, res) => {
    sendReferencePage({ res, title: `${brand} API reference`, scalarUrl: scalar.url(), initUrl: '/docs/init.js' });
  });
  mountDataDocs({ app, brand, scalarUrl: scalar.url });
}
