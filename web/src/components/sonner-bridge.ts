// What `import ... from 'sonner'` resolves to in the web build (the plugin in web/sonner-bridge-plugin.ts):
// sonner itself, plus the report that it has been loaded, so the toast host mounts its Toaster
// only once some page or form has loaded sonner to raise a toast. Its `toast` shows no toast for
// an empty message: a green or red box with nothing in it tells the user nothing.
import { toast as sonnerToast } from 'sonner';
import type { ExternalToast } from 'sonner';
import { markSonnerLoaded } from './sonner-loaded';

export * from 'sonner';

type Show = (message: Parameters<typeof sonnerToast.success>[0], data?: ExternalToast) => string | number;

/** The id answered for a toast not shown: no toast has it, so dismissing it dismisses nothing. */
export const NO_TOAST = 'nindo-no-toast';

const isBlank = (message: unknown): boolean => message === null || message === undefined || message === false || (typeof message === 'string' && message.trim() === '');

const guard = (show: Show): Show => (message, data) => (isBlank(message) ? NO_TOAST : show(message, data));

export const toast: typeof sonnerToast = Object.assign(guard(sonnerToast), sonnerToast, {
  success: guard(sonnerToast.success),
  info: guard(sonnerToast.info),
  warning: guard(sonnerToast.warning),
  error: guard(sonnerToast.error),
  message: guard(sonnerToast.message),
  loading: guard(sonnerToast.loading),
});

markSonnerLoaded();
