// Keeping Tab inside an open layer (a popup, the phone drawer): the shared half of both.
import type { KeyboardEvent } from 'react';

const FOCUSABLE = ['a[href]', 'button:not([disabled])', 'input:not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])'];

export const FOCUSABLE_SELECTOR = FOCUSABLE.join(', ');

/** The selector of the focusable elements inside `scope` (a CSS selector). */
export const focusableWithin = (scope: string): string => FOCUSABLE.map((selector) => `${scope} ${selector}`).join(', ');

/** On Tab from the last focusable element (or Shift+Tab from the first), wraps to the other end of `container`. */
export function wrapTab(event: KeyboardEvent, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR));
  const [head, tail] = [items[0], items[items.length - 1]];
  const active = document.activeElement;
  const wrapTo = event.shiftKey ? (active === head || active === container ? tail : undefined) : active === tail ? head : undefined;
  if (wrapTo) {
    event.preventDefault();
    wrapTo.focus();
  }
}
