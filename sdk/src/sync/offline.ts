// When a call failed for want of a network (so the local copy answers and writes wait) rather
// than because the server refused it, and when to try again.
import { NindoError } from '../errors.ts';

/**
 * fetch rejects with a TypeError when no answer came (Node: "fetch failed", browsers: "Failed to
 * fetch"); told by name, since fetch may come from another realm than this code's TypeError (and Error).
 */
export function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TypeError';
}

/** Worth sending again later: no network, the server busy (429) or failing (5xx). */
export const isTransient = (error: unknown): boolean => isOffline(error) || (error instanceof NindoError && (error.status === 429 || error.status >= 500));

export interface RetryOptions {
  /** The first wait after a failed send; it doubles on each failure up to maxMs. */
  minMs?: number;
  maxMs?: number;
}

/** Calls `run` after a backoff that doubles from minMs to maxMs, at once on the browser's `online` event. */
export function retrier({ run, minMs = 250, maxMs = 10_000 }: RetryOptions & { run: () => void }): { later: () => void; reset: () => void; stop: () => void } {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const now = (): void => {
    clearTimeout(timer);
    timer = undefined;
    run();
  };
  const online = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (online) window.addEventListener('online', now);
  return {
    later: () => {
      if (timer !== undefined) return;
      timer = setTimeout(now, Math.min(maxMs, minMs * 2 ** attempt));
      attempt = Math.min(attempt + 1, 30);
    },
    reset: () => {
      attempt = 0;
    },
    stop: () => {
      clearTimeout(timer);
      if (online) window.removeEventListener('online', now);
    },
  };
}
