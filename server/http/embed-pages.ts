// The embed runtime's own pages, framed by other sites (security-headers.ts lets /embed/ be
// framed): /embed/widget/{guid}, the iframe form of the installation code, and /embed/preview,
// which the editor frames and feeds the settings being edited by postMessage; and /preview/{guid},
// the widgets' "Live Preview": the widget alone on a page. Each is a placeholder and /embed.js
// (web/dist/embed.js, scripts/build-embed.ts).
import type { Express, RequestHandler } from 'express';
import { EMBED_CLASS, EMBED_SCRIPT_PATH } from '../../rules/widget-embed';
import { REVALIDATE } from './cache-control';

const GUID = /^[A-Za-z0-9-]{1,100}$/;

const page = ({ title, attributes, bodyStyle = 'margin:0;background:transparent' }: { title: string; attributes: string; bodyStyle?: string }): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
  `<style>body{${bodyStyle}}</style></head><body><div class="${EMBED_CLASS}" ${attributes}></div>` +
  `<script src="${EMBED_SCRIPT_PATH}"></script></body></html>`;

export function mountEmbedPages({ app }: { app: Express }): void {
  app.get('/embed/preview', (_req, res) => {
    res.set('Cache-Control', REVALIDATE).type('html').send(page({ title: 'Widget preview', attributes: 'data-preview' }));
  });
  const widgetPage = ({ attributes, bodyStyle }: { attributes: (guid: string) => string; bodyStyle?: string }): RequestHandler => (req, res) => {
    const guid = String(req.params.guid);
    if (!GUID.test(guid)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.set('Cache-Control', REVALIDATE).type('html').send(page({ title: 'Widget', attributes: attributes(guid), bodyStyle }));
  };
  app.get('/embed/widget/:guid', widgetPage({ attributes: (guid) => `data-widget-id="${guid}" data-framed` }));
  app.get('/preview/:guid', widgetPage({ attributes: (guid) => `data-widget-id="${guid}"`, bodyStyle: 'margin:0;padding:48px 24px;background:#f3f4f6;min-height:100vh;box-sizing:border-box' }));
}
