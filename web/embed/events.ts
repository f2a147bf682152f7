// The runtime's event sender, in one module: events wait in a queue and leave in batches
// (POST /api/v1/events, openapi/widget-events.yaml) a moment after the last one, or at once when
// the page is hidden or closed. sendBeacon hands the batch to the browser, which sends it even
// after the page is gone; where it refuses (too large, unsupported) a keepalive fetch does the same.
// Every batch names the visitor (visitor.ts), whom the server counts once.

export type WidgetEventType = 'install' | 'impression' | 'view' | 'engagement';
/** The engagement subtypes the built-in renderers report (spec 003 section 3 lists them all). */
export type WidgetEngagementSubtype =
  | 'link'
  | 'button'
  | 'vote'
  | 'tab'
  | 'share'
  | 'full-screen'
  | 'conversion'
  | 'quiz-start'
  | 'quiz-answer'
  | 'quiz-completed'
  | 'consent-accept-all'
  | 'consent-reject-all'
  | 'consent-custom';

export interface WidgetEvent {
  widgetId: string;
  type: WidgetEventType;
  subtype?: WidgetEngagementSubtype;
  /** A vote's answer. */
  value?: string;
  host: string;
  at: string;
}

const BATCH_MAX = 50;
const DELAY_MS = 2000;

export interface EventSender {
  send: (event: Omit<WidgetEvent, 'at'>) => void;
  flush: () => void;
}

export function eventSender({ endpoint, visitorId, post = deliver }: { endpoint: string; visitorId?: string; post?: (url: string, body: string) => void }): EventSender {
  const queue: WidgetEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) post(endpoint, JSON.stringify({ visitorId, events: queue.splice(0, BATCH_MAX) }));
  };
  const send = (event: Omit<WidgetEvent, 'at'>) => {
    queue.push({ ...event, at: new Date().toISOString() });
    if (queue.length >= BATCH_MAX) flush();
    else timer ??= setTimeout(flush, DELAY_MS);
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  return { send, flush };
}

/** text/plain keeps the request "simple": no CORS preflight, which a closing page could not wait for. */
function deliver(url: string, body: string): void {
  const blob = new Blob([body], { type: 'text/plain' });
  if (navigator.sendBeacon?.(url, blob)) return;
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
}
