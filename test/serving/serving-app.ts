// An app with the serving pipeline of server/app.ts (security headers, compression, /docs,
// the web app) over a throwaway build folder, for tests that need web pages without a Vite build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import type { Express } from 'express';
import type { Config } from '../../server/config';
import { securityHeaders } from '../../server/http/security-headers';
import { compressAnswers } from '../../server/http/compress-answers';
import { mountDocs } from '../../server/http/docs-page';
import { mountWebApp } from '../../server/http/web-app';
import { tempDir } from '../helpers/temp-dir';

export const ASSET = '/assets/index-abc123.js';
export const ASSET_SOURCE = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

function fakeBuild(): string {
  const dist = tempDir('nindo-dist-');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const asset = join(dist, ASSET);
  writeFileSync(asset, ASSET_SOURCE);
  writeFileSync(`${asset}.br`, brotliCompressSync(ASSET_SOURCE));
  writeFileSync(`${asset}.gz`, gzipSync(ASSET_SOURCE));
  return dist;
}

export function servingApp({ config = {} }: { config?: Partial<Pick<Config, 'captcha' | 'publicUrl' | 'trustProxy'>> } = {}): Express {
  const app = express();
  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.use(securityHeaders({ config: { captcha: config.captcha ?? {}, publicUrl: config.publicUrl ?? 'http://localhost:3000' } }));
  app.use(compressAnswers());
  mountDocs({ app, brand: 'Nindo' });
  app.get('/api/list', (req, res) => {
    res.json({ success: true, data: Array.from({ length: Number(req.query.n ?? 1) }, (_, i) => ({ id: i, name: `item ${i}` })) });
  });
  mountWebApp({ app, dist: fakeBuild() });
  return app;
}
