// The toast of a failed widget call: the server's message when it gave one, else the spec's
// text for that action (section 8).
import { toast } from 'sonner';
import { FALLBACK_MESSAGE, toFormFailure } from '../../../../../forms/server-errors';

export function toastFailure({ thrown, fallback }: { thrown: unknown; fallback: string }): void {
  const { message } = toFormFailure(thrown);
  toast.error(message && message !== FALLBACK_MESSAGE ? message : fallback);
}
