// The embed runtime's own pages, framed by other sites (security-headers.ts lets /embed/ be
// framed): /embed/widget/{guid}, the iframe form of the installation code, and /embed/preview,
// which the editor frames and feeds the settings being edited by postMessage; and /preview/{guid},
// the widgets' "Live Preview": the widget alone on a page. Each is a placeholder and /embed.js
// (web/dist/embed.js, scripts/build-embed.ts). The iframe form of a widget whose project names a
// domain may be framed only by that domain and its subdomains (frame-ancestors), which the
// widget-embed area works out (server/registry.ts hands it in). Beside them: the runtime's data
// scripts (embed-data-scripts.ts) and each widget's share page, /w/{guid} (widget-share-page.ts).
import type { Express, RequestHandler, Response } from 'express';
import { EMBED_CLASS, EMBED_SCRIPT_PATH } from '../../rules/widget-embed';
import { REVALIDATE } from './cache-control';
import { mountEmbedDataScripts } from './embed-data-scripts';
import type { EmbedDataHooks } from './embed-data-scripts';
import { mountWidgetSharePage } from './widget-share-page';
import type { WidgetSharePageHooks } from './widget-share-page';

const GUID = /^[A-Za-z0-9-]{1,100}$/;
const FRAMED_CSS = 'body{margin:0;background:transparent}';
/** Live Preview: the widget on a card in the middle of a plain page. */
const PREVIEW_CSS =
  'body{margin:0;padding:48px 24px;background:#f3f4f6;min-height:100vh;box-sizing:border-box}' +
  '.nindo-widget{max-width:880px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);overflow:hidden}';

const page = ({ title, attributes, css = FRAMED_CSS }: { title: string; attributes: string; css?: string }): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
  `<style>${css}</style></head><body><div class="${EMBED_CLASS}" ${attributes}></div>` +
  `<script src="${EMBED_SCRIPT_PATH}"></script></body></html>`;

export interface EmbedPageHooks extends EmbedDataHooks, WidgetSharePageHooks {
  /** The frame-ancestors sources of a widget's iframe page. */
  frameAncestors: (guid: string) => Promise<string>;
}

/** Narrows the frame-ancestors of the policy security-headers.ts set to the widget's sites. */
async function limitFraming({ hooks, guid, res }: { hooks: EmbedPageHooks; guid: string; res: Response }): Promise<void> {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const ancestors = await hooks.frameAncestors(guid);
  res.setHeader('Content-Security-Policy', policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`));
}

export function mountEmbedPages({ app, hooks }: { app: Express; hooks: EmbedPageHooks }): void {
  app.get('/embed/preview', (_req, res) => {
    res.set('Cache-Control', REVALIDATE).type('html').send(page({ title: 'Widget preview', attributes: 'data-preview' }));
  });
  const widgetPage = ({ attributes, css, framed = false }: { attributes: (guid: string) => string; css?: string; framed?: boolean }): RequestHandler => async (req, res) => {
    const guid = String(req.params.guid);
    if (!GUID.test(guid)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    if (framed) await limitFraming({ hooks, guid, res });
    res.set('Cache-Control', REVALIDATE).type('html').send(page({ title: 'Widget', attributes: attributes(guid), css }));
  };
  app.get('/embed/widget/:guid', widgetPage({ attributes: (guid) => `data-widget-id="${guid}" data-framed`, framed: true }));
  app.get('/preview/:guid', widgetPage({ attributes: (guid) => `data-widget-id="${guid}"`, css: PREVIEW_CSS }));
  mountEmbedDataScripts({ app, hooks });
  mountWidgetSharePage({ app, hooks });
}
