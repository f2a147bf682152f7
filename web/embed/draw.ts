// Draws one widget into its placeholder's shadow root: the host page's styles stay out and the
// widget's stay in. Drawing again (the editor's preview) replaces the previous drawing. The styles
// go in as a constructed stylesheet (adoptedStyleSheets), which a host page's style-src does not
// govern, so no 'unsafe-inline' is needed; a <style> element only where a browser lacks them.
import { withCustomCss } from './custom-css';
import type { RenderInput, WidgetType } from './types';

const BASE_CSS = `:host{all:initial;display:block}.root{font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827;--accent:#3d5afe}
*{box-sizing:border-box}h2,h3{color:inherit}.button{display:inline-block;padding:10px 18px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button[disabled]{opacity:.5;cursor:default}`;

const cleanups = new WeakMap<Element, () => void>();

export interface DrawInput {
  host: Element;
  widgetType: WidgetType<never>;
  widgetId: string;
  settings: Record<string, unknown>;
  track: RenderInput<unknown>['track'];
  read: RenderInput<unknown>['read'];
  /** Where a form's submission goes; by default nowhere (the editor's preview stores nothing). */
  submit?: RenderInput<unknown>['submit'];
}

const previewSubmit: RenderInput<unknown>['submit'] = async () => ({ ok: true });

const constructable = (): boolean => typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in ShadowRoot.prototype && 'replaceSync' in CSSStyleSheet.prototype;

function applyStyles(shadow: ShadowRoot, css: string): Node[] {
  if (constructable()) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadow.adoptedStyleSheets = [sheet];
    return [];
  }
  const style = document.createElement('style');
  style.textContent = css;
  return [style];
}

/** Stops a drawing's timers and empties its shadow root (a picture leaving the page). */
export function undrawWidget(host: Element): void {
  cleanups.get(host)?.();
  cleanups.delete(host);
  host.shadowRoot?.replaceChildren();
}

export function drawWidget({ host, widgetType, widgetId, settings, track, read, submit = previewSubmit }: DrawInput): void {
  cleanups.get(host)?.();
  cleanups.delete(host);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const root = document.createElement('div');
  root.className = 'root';
  shadow.replaceChildren(...applyStyles(shadow, withCustomCss({ css: BASE_CSS + widgetType.css, settings })), root);
  const cleanup = widgetType.render({ root, settings: settings as never, widgetId, track, read, submit });
  if (cleanup) cleanups.set(host, cleanup);
}
