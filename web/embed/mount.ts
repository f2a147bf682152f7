// Draws one widget into its placeholder's shadow root: the host page's styles stay out and the
// widget's stay in. Drawing again (the editor's preview) replaces the previous drawing.
import { RENDERERS } from './renderers';
import type { RenderInput } from './types';
import { withCustomCss } from './custom-css';

const BASE_CSS = `:host{all:initial;display:block}.root{font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827;--accent:#3d5afe}
*{box-sizing:border-box}h2,h3{color:inherit}.button{display:inline-block;padding:10px 18px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button[disabled]{opacity:.5;cursor:default}`;

const cleanups = new WeakMap<Element, () => void>();

export interface MountInput {
  host: Element;
  type: string;
  widgetId: string;
  settings: Record<string, unknown>;
  track: RenderInput<unknown>['track'];
  read: RenderInput<unknown>['read'];
}

/** False when the type has no renderer (the placeholder stays empty). */
export function mountWidget({ host, type, widgetId, settings, track, read }: MountInput): boolean {
  const widgetType = RENDERERS[type];
  if (!widgetType) return false;
  cleanups.get(host)?.();
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = withCustomCss({ css: BASE_CSS + widgetType.css, settings });
  const root = document.createElement('div');
  root.className = 'root';
  shadow.replaceChildren(style, root);
  const cleanup = widgetType.render({ root, settings: settings as never, widgetId, track, read });
  if (cleanup) cleanups.set(host, cleanup);
  return true;
}

/** Stops a drawing's timers and empties its shadow root (a picture leaving the page). */
export function unmountWidget(host: Element): void {
  cleanups.get(host)?.();
  cleanups.delete(host);
  host.shadowRoot?.replaceChildren();
}
