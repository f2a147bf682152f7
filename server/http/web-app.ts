// Serves the built web app. Vite writes hashed files under /assets and web/precompress.ts
// stores a .br and a .gz beside each, so assets go out precompressed at the best ratio with
// no work per request, and can be cached for a year. index.html (and the SPA fallback that
// answers every other GET) is revalidated on each visit so a deploy shows at once.
import { join } from 'node:path';
import expressStaticGzip from 'express-static-gzip';
import type { ServerResponse } from 'node:http';
import type { Express } from 'express';
import { IMMUTABLE, REVALIDATE } from './cache-control';

/** Vite's assets, and the embed runtime's renderer files (embed/<type>.<hash>.js, scripts/embed-bundle.ts). */
const isHashedAsset = (filePath: string): boolean => /[\\/](assets[\\/][^\\/]+|embed[\\/][a-z0-9-]+\.[0-9a-f]{10}\.js)$/.test(filePath);

export function mountWebApp({ app, dist }: { app: Express; dist: string }): void {
  app.use(
    expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        cacheControl: false,
        setHeaders: (res: ServerResponse, filePath: string) => {
          res.setHeader('Cache-Control', isHashedAsset(filePath) ? IMMUTABLE : REVALIDATE);
        },
      },
    }),
  );
  // A stale hash (an old page after a deploy) must fail as a missing script, not load the app's HTML.
  app.use('/assets', (_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  app.get(/^\/embed\/[^/]+\.js$/, (_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  app.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(join(dist, 'index.html'), { cacheControl: false });
  });
}
