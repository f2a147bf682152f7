// The installation code of a widget (spec 003 "Add to site"): one script tag, loaded once per
// page, and a placeholder element per widget that the script fills (issue 10 serves the script).

export const EMBED_SCRIPT_PATH = '/embed.js';
export const EMBED_CLASS = 'nindo-widget';

export function installationSnippet({ origin, guid }: { origin: string; guid: string }): string {
  return [`<script src="${origin}${EMBED_SCRIPT_PATH}" async></script>`, `<div class="${EMBED_CLASS}" data-widget-id="${guid}"></div>`].join('\n');
}
