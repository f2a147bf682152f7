// Pending / success / error toasts around a call (spec 000 section 8): the error toast
// carries the section 8 text and, beneath it, the server's own message when it has one.
import { toast } from 'sonner';
import { FALLBACK_MESSAGE, toFormFailure } from '../../../../../forms/server-errors';

export function errorMessage(error: unknown): string {
  return toFormFailure(error).message;
}

export function showError({ title, error }: { title: string; error: unknown }): void {
  const message = errorMessage(error);
  toast.error(title, { description: message !== title && message !== FALLBACK_MESSAGE ? message : undefined });
}

export async function withToasts<T>({ run, pending, success, failure }: {
  run: () => Promise<T>;
  pending?: string;
  /** Fixed text, or the server's message when omitted. */
  success?: string | ((result: T) => string);
  failure: string;
}): Promise<T | undefined> {
  const id = pending ? toast.loading(pending) : undefined;
  try {
    const result = await run();
    const text = typeof success === 'function' ? success(result) : success;
    toast.success(text ?? serverMessage(result) ?? 'Done', { id });
    return result;
  } catch (error) {
    if (id !== undefined) toast.dismiss(id);
    showError({ title: failure, error });
    return undefined;
  }
}

const serverMessage = (result: unknown): string | undefined =>
  typeof result === 'object' && result !== null && 'message' in result && typeof result.message === 'string' && result.message
    ? result.message
    : undefined;
