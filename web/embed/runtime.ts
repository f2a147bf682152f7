// /embed.js, the installation code's script (rules/widget-embed.ts): fills every
// <div class="nindo-widget" data-widget-id="…"> of the page with its widget, fetched from the
// product it was loaded from, and reports install, impression, view and engagement events.
// A placeholder with data-preview (the editor's preview page) draws the settings the editor
// posts instead, and reports nothing.
import { EMBED_CLASS } from '../../rules/widget-embed';
import { eventSender } from './events';
import type { WidgetEngagementSubtype, WidgetEvent } from './events';
import { mountWidget } from './mount';
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

/** The data of a public embed call, or undefined when it fails. */
async function readData(url: string): Promise<unknown> {
  try {
    const answer = await fetch(url);
    return answer.ok ? ((await answer.json()) as { data: unknown }).data : undefined;
  } catch {
    return undefined;
  }
}

async function showWidget(host: HTMLElement, widgetId: string): Promise<void> {
  const widgetUrl = `${origin}/api/v1/embed/widget/${encodeURIComponent(widgetId)}`;
  const data = (await readData(widgetUrl)) as EmbedWidget | undefined;
  if (!data) return;
  const siteHost = hostName(host.hasAttribute('data-framed'));
  const send = (event: Pick<WidgetEvent, 'type' | 'subtype' | 'value'>) => sender.send({ widgetId, host: siteHost, ...event });
  const track = (subtype: WidgetEngagementSubtype, value?: string) => send({ type: 'engagement', subtype, value });
  const read = (resource: string) => readData(`${widgetUrl}/${resource}`);
  if (!mountWidget({ host, type: data.type, widgetId, settings: data.settings, track, read })) return;
  if (firstTimeOnThisSite(widgetId)) send({ type: 'install' });
  send({ type: 'impression' });
  onFirstView(host, () => send({ type: 'view' }));
}

function showPreview(host: HTMLElement): void {
  addEventListener('message', (event: MessageEvent<PreviewMessage>) => {
    if (event.origin !== location.origin || event.data?.source !== 'nindo-editor') return;
    // Nothing is counted for the preview: a poll's results there hold the owner's own vote only.
    const read = async () => ({ options: [], total: 0 });
    mountWidget({ host, type: event.data.type, widgetId: 'preview', settings: event.data.settings, track: () => undefined, read });
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
