// The HTML shell of a Scalar API reference: no inline script (the Content-Security-Policy keeps
// script-src to this origin), so the configuration comes from a script of its own.
import type { Response } from 'express';
import { REVALIDATE } from './cache-control';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function sendReferencePage({ res, title, scalarUrl, initUrl }: { res: Response; title: string; scalarUrl: string; initUrl: string }): void {
  res.type('html').set('Cache-Control', REVALIDATE).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><div id="app"></div><script src="${escapeHtml(scalarUrl)}"></script>
<script src="${escapeHtml(initUrl)}"></script></body></html>`);
}

/** The script that starts Scalar on `#app` with `config` (its document URL, servers...). */
export function sendReferenceInit({ res, config }: { res: Response; config: Record<string, unknown> }): void {
  res.type('application/javascript').set('Cache-Control', REVALIDATE).send(`Scalar.createApiReference('#app', ${JSON.stringify(config)});\n`);
}
