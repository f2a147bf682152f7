// /embed.js, the installation code's script (rules/widget-embed.ts): fills every
// <div class="nindo-widget" data-widget-id="…"> of the page with its widget, read from the
// product it was loaded from, and reports install, impression, view and engagement events.
// It is the loader only: each type's renderer is a file of its own, loaded when the page shows a
// widget of that type (loader.ts). A placeholder with data-preview (the editor's preview page)
// draws the settings the editor posts instead, and reports nothing.
import { EMBED_CLASS } from '../../rules/widget-embed';
import { drawWidget } from './draw';
import { eventSender } from './events';
import type { WidgetEngagementSubtype, WidgetEvent } from './events';
import { embedLoader } from './loader';
import { postSubmission } from './submit';
import type { Submission } from './types';
import { onFirstView } from './view-watch';
import { visitorId } from './visitor';

interface EmbedWidget {
  type: string;
  settings: Record<string, unknown>;
}

export interface PreviewMessage {
  source: 'nindo-editor';
  type: string;
  settings: Record<string, unknown>;
}

const script = document.currentScript as HTMLScriptElement | null;
const origin = script?.src ? new URL(script.src).origin : location.origin;
const sender = eventSender({ endpoint: `${origin}/api/v1/events`, visitorId: visitorId() });
const loader = embedLoader({ origin });

/** The site showing the widget: inside the iframe form, the page that framed it. */
function hostName(framed: boolean): string {
  if (framed && document.referrer) return new URL(document.referrer).hostname;
  return location.hostname;
}

function firstTimeOnThisSite(widgetId: string): boolean {
  try {
    const key = `nindo:installed:${widgetId}`;
    if (localStorage.getItem(key)) return false;
    localStorage.setItem(key, '1');
    return true;
  } catch {
    return false;
  }
}

async function showWidget(host: HTMLElement, widgetId: string): Promise<void> {
  const guid = encodeURIComponent(widgetId);
  const data = (await loader.data(guid)) as EmbedWidget | undefined;
  if (!data) return;
  const widgetType = await loader.renderer(data.type);
  if (!widgetType) return;
  const siteHost = hostName(host.hasAttribute('data-framed'));
  const send = (event: Pick<WidgetEvent, 'type' | 'subtype' | 'value'>) => sender.send({ widgetId, host: siteHost, ...event });
  const track = (subtype: WidgetEngagementSubtype, value?: string) => send({ type: 'engagement', subtype, value });
  const read = (resource: string) => loader.data(`${guid}/${resource}`);
  const submit = (submission: Submission) => postSubmission({ url: `${origin}/api/v1/embed/widget/${guid}/submissions`, submission, framed: host.hasAttribute('data-framed') });
  drawWidget({ host, widgetType, widgetId, settings: data.settings, track, read, submit });
  if (firstTimeOnThisSite(widgetId)) send({ type: 'install' });
  send({ type: 'impression' });
  onFirstView(host, () => send({ type: 'view' }));
}

function showPreview(host: HTMLElement): void {
  // Drawn in the order the editor posts, even when a later type's renderer loads first.
  let latest = 0;
  addEventListener('message', (event: MessageEvent<PreviewMessage>) => {
    if (event.origin !== location.origin || event.data?.source !== 'nindo-editor') return;
    const { type, settings } = event.data;
    const turn = ++latest;
    void loader.renderer(type).then((widgetType) => {
      if (!widgetType || turn !== latest) return;
      // Nothing is counted for the preview: a poll's results there hold the owner's own vote only.
      const read = async () => ({ options: [], total: 0 });
      drawWidget({ host, widgetType, widgetId: 'preview', settings, track: () => undefined, read });
    });
  });
  parent.postMessage({ source: 'nindo-preview', ready: true }, location.origin);
}

function start(): void {
  for (const host of document.querySelectorAll<HTMLElement>(`.${EMBED_CLASS}`)) {
    if (host.dataset.nindoStarted) continue;
    host.dataset.nindoStarted = 'true';
    if (host.hasAttribute('data-preview')) showPreview(host);
    else if (host.dataset.widgetId) void showWidget(host, host.dataset.widgetId).catch(() => undefined);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
