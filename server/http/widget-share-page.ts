// A widget's shareable page, /w/{guid} (rules/widget-embed.ts sharePath): the widget alone on a
// clean page titled with its name, with Open Graph tags for link previews, drawn by /embed.js
// like any site. Under the product's own CSP (security-headers.ts), not frameable, and kept out
// of search engines (noindex) unless the owner lists it.
import type { Express } from 'express';
import { EMBED_CLASS, EMBED_SCRIPT_PATH, SHARE_PATH } from '../../rules/widget-embed';
import { REVALIDATE } from './cache-control';

const GUID = /^[A-Za-z0-9-]{1,100}$/;
const CSS =
  'body{margin:0;padding:48px 16px;background:#f8fafc;min-height:100vh;box-sizing:border-box;font:14px system-ui,sans-serif;color:#6b7280}' +
  'main{max-width:880px;margin:0 auto}h1{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}' +
  'footer{text-align:center;margin-top:32px}footer a{color:inherit}';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface SharedWidget {
  name: string;
  /** The type's name in the catalog (Poll, FAQ…). */
  typeName: string;
  /** The owner lets search engines list the page. */
  indexed: boolean;
}

export interface WidgetSharePageHooks {
  sharedWidget: (guid: string) => Promise<SharedWidget | null>;
  publicUrl: string;
}

export function sharePage({ guid, widget, publicUrl }: { guid: string; widget: SharedWidget; publicUrl: string }): string {
  const title = escapeHtml(widget.name);
  const description = escapeHtml(`${widget.typeName} made with Nindo`);
  const url = escapeHtml(`${publicUrl}${SHARE_PATH}/${guid}`);
  const meta = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="description" content="${description}">`,
    widget.indexed ? '' : '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:site_name" content="Nindo">`,
    `<meta name="twitter:card" content="summary">`,
    `<link rel="canonical" href="${url}">`,
  ].join('');
  return (
    `<!doctype html><html lang="en"><head>${meta}<title>${title}</title><style>${CSS}</style></head>` +
    `<body><main><h1>${title}</h1><div class="${EMBED_CLASS}" data-widget-id="${guid}"></div></main>` +
    `<footer>Made with <a href="/">Nindo</a></footer><script src="${EMBED_SCRIPT_PATH}" async></script></body></html>`
  );
}

export function mountWidgetSharePage({ app, hooks }: { app: Express; hooks: WidgetSharePageHooks }): void {
  app.get(`${SHARE_PATH}/:guid`, async (req, res) => {
    const guid = String(req.params.guid);
    const widget = GUID.test(guid) ? await hooks.sharedWidget(guid) : null;
    if (!widget) {
      res.status(404).set('X-Robots-Tag', 'noindex').type('text').send('Widget not found');
      return;
    }
    if (!widget.indexed) res.set('X-Robots-Tag', 'noindex');
    res.set('Cache-Control', REVALIDATE).type('html').send(sharePage({ guid, widget, publicUrl: hooks.publicUrl }));
  });
}
