// The installation code of a widget (spec 003 "Add to site"): one script tag, loaded once per
// page, and a placeholder element per widget that the script fills (issue 10 serves the script);
// and the widget's shareable page (server/http/widget-share-page.ts).

export const EMBED_SCRIPT_PATH = '/embed.js';
export const EMBED_CLASS = 'nindo-widget';
/** /w/{guid}: the widget alone on a page of its own, for a link to share. */
export const SHARE_PATH = '/w';

export function installationSnippet({ origin, guid }: { origin: string; guid: string }): string {
  return [`<script src="${origin}${EMBED_SCRIPT_PATH}" async></script>`, `<div class="${EMBED_CLASS}" data-widget-id="${guid}"></div>`].join('\n');
}

export const shareLink = ({ origin, guid }: { origin: string; guid: string }): string => `${origin}${SHARE_PATH}/${encodeURIComponent(guid)}`;
