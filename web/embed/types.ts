// What a renderer gets: the element to draw into (inside the widget's shadow root), the widget's
// settings (defaults filled in by the server), the engagement hook and a reader of the widget's
// public resources.
import type { WidgetEngagementSubtype } from './events';

export interface RenderInput<S> {
  root: HTMLElement;
  settings: S;
  widgetId: string;
  /** Reports an engagement; `value` is a vote's answer. */
  track: (subtype: WidgetEngagementSubtype, value?: string) => void;
  /** GET /api/v1/embed/widget/{guid}/{resource}'s data; undefined when it cannot be read. */
  read: (resource: 'results' | 'feed') => Promise<unknown>;
  /** POST /api/v1/embed/widget/{guid}/submissions (a form's values); the preview stores nothing. */
  submit: (submission: Submission) => Promise<SubmitAnswer>;
}

/** What a form sends: its values by field label, the consent box, and the honeypot input as filled. */
export interface Submission {
  values: Record<string, string | boolean>;
  consent?: boolean;
  company?: string;
}

/** ok, or the server's message (and each refused field's) to show the visitor. */
export interface SubmitAnswer {
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
}

/** Draws the widget; may return a cleanup (timers) that runs before the next draw. */
export type Renderer<S> = (input: RenderInput<S>) => (() => void) | undefined;

export interface WidgetType<S> {
  css: string;
  render: Renderer<S>;
}
