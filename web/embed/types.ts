// What a renderer gets: the element to draw into (inside the widget's shadow root), the widget's
// settings (defaults filled in by the server), and the engagement hook.
import type { WidgetEngagementSubtype } from './events';

export interface RenderInput<S> {
  root: HTMLElement;
  settings: S;
  widgetId: string;
  track: (subtype: WidgetEngagementSubtype) => void;
}

/** Draws the widget; may return a cleanup (timers) that runs before the next draw. */
export type Renderer<S> = (input: RenderInput<S>) => (() => void) | undefined;

export interface WidgetType<S> {
  css: string;
  render: Renderer<S>;
}
