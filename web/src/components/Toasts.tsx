// Toast host. Spec 003: toasts auto-close after 2.5 s.
// Sonner (about 9 kB of brotli with its styles) is not needed to paint or use a page, and most
// visits to the sign-in pages never toast, so the host mounts the Toaster only once some code has
// loaded sonner to raise a toast (sonner-loaded.ts): a page that toasts imports sonner, and the
// form engine imports it when it first toasts. The toast raised meanwhile still shows: sonner
// replays the active toasts to a Toaster that subscribes late.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isSonnerLoaded, onSonnerLoaded } from './sonner-loaded';

export const TOAST_MS = 2500;

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function Toasts() {
  const loaded = useSyncExternalStore(onSonnerLoaded, isSonnerLoaded, () => false);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={TOAST_MS} richColors closeButton />
    </Suspense>
  );
}
