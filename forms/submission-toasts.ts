// The toasts of a form's submission: the pending text while it runs, then the success or the
// failure text in its place. A success without text (a submission that opened another popup
// instead, e.g. the upgrade popup over a plan's limit) shows no toast at all: sonner's own
// promise toast would show an empty one.
import type { toast as sonnerToast } from 'sonner';

export function toastSubmission({ toast, run, pending, success, error }: {
  toast: typeof sonnerToast;
  run: Promise<unknown>;
  pending?: string;
  success?: (result: unknown) => string;
  error: (thrown: unknown) => string;
}): void {
  const id = pending ? toast.loading(pending) : undefined;
  const replacing = id === undefined ? undefined : { id };
  run.then(
    (result) => {
      const text = success?.(result) ?? '';
      if (text.trim()) toast.success(text, replacing);
      else if (id !== undefined) toast.dismiss(id);
    },
    (thrown: unknown) => {
      toast.error(error(thrown), replacing);
    },
  );
}
