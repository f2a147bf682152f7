// Draws a widget by its type name with every renderer at hand (RENDERERS): for the tests and
// the app's own pictures. The embed runtime loads one type's renderer at a time instead
// (loader.ts) and draws with drawWidget.
import { drawWidget, undrawWidget } from './draw';
import type { DrawInput } from './draw';
import { RENDERERS } from './renderers';

export type MountInput = Omit<DrawInput, 'widgetType'> & { type: string };

/** False when the type has no renderer (the placeholder stays empty). */
export function mountWidget({ type, ...input }: MountInput): boolean {
  const widgetType = RENDERERS[type];
  if (!widgetType) return false;
  drawWidget({ ...input, widgetType });
  return true;
}

/** Stops a drawing's timers and empties its shadow root (a picture leaving the page). */
export const unmountWidget = (host: Element): void => undrawWidget(host);
