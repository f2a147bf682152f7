// Toast host. Spec 003: toasts auto-close after 2.5 s.
import { Toaster } from 'sonner';

export const TOAST_MS = 2500;

export function Toasts() {
  return <Toaster position="top-center" duration={TOAST_MS} richColors closeButton />;
}
