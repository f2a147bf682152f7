// Billing toasts stay 5 seconds (spec 002 section 9); a failure shows the server's message when
// it sent one, else the screen's fallback text (section 8).
import { toast } from 'sonner';
import { BILLING_TOAST_MS } from '../../../../rules/billing-messages';
import { FALLBACK_MESSAGE, toFormFailure } from '../../../../forms/server-errors';

export const failureText = ({ thrown, fallback }: { thrown: unknown; fallback: string }): string => {
  const { message } = toFormFailure(thrown);
  return message && message !== FALLBACK_MESSAGE ? message : fallback;
};

export const billingError = ({ thrown, fallback }: { thrown: unknown; fallback: string }): void => {
  toast.error(failureText({ thrown, fallback }), { duration: BILLING_TOAST_MS });
};

export const billingSuccess = (message: string): void => {
  toast.success(message, { duration: BILLING_TOAST_MS });
};
