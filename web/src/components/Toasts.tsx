// Toast host. Spec 003: toasts auto-close after 2.5 s.
// Sonner (about 9 kB of brotli with its styles) is not needed to paint or use a page, so the
// host loads it when the browser is first idle instead of with the app's entry. A toast raised
// before then still shows: sonner replays the active toasts to a Toaster that subscribes late.
import { lazy, Suspense, useEffect, useState } from 'react';

export const TOAST_MS = 2500;

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** Runs `run` once the browser is idle (Safari has no requestIdleCallback: shortly after). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

export function Toasts() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={TOAST_MS} richColors closeButton />
    </Suspense>
  );
}
