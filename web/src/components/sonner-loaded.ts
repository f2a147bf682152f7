// Whether any code of the app has loaded sonner yet. The web build routes every import of
// 'sonner' through sonner-bridge.ts (the Vite plugin web/sonner-bridge-plugin.ts), which reports here
// once sonner has run; the toast host (Toasts.tsx) waits for it before it mounts the Toaster, so
// a page that never toasts never downloads sonner.
const listeners = new Set<() => void>();
let loaded = false;

export function markSonnerLoaded(): void {
  if (loaded) return;
  loaded = true;
  for (const listener of listeners) listener();
}

export const isSonnerLoaded = (): boolean => loaded;

export function onSonnerLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
