// PayPal at checkout (docs/billing.md "PayPal mapping"): GET /api/paypal/getToken answers a vault
// setup token and PayPal's page to approve it, or 404 when the server has no PayPal keys, so PayPal
// is offered only on a 200. approve() opens that page in a popup; PayPal sends the buyer back to
// our /auth/paypal-return (with approval_token_id when approved), which the opener sees once the
// popup is readable again. The approved setup token is the purchase's subscriptionId.
import { useQuery } from '@tanstack/react-query';
import { getPayPalTokenOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { ApiError } from '../../../../../forms/server-errors';

export const PAYPAL_TEXTS = {
  notApproved: 'The PayPal payment was not approved. Please try again.',
  popupBlocked: 'Please allow pop-ups for this site to pay with PayPal.',
} as const;

const POLL_MS = 400;
const POPUP_FEATURES = 'popup,width=520,height=680';

/** Where the popup is: still at PayPal (unreadable to us), closed, or back on our origin. */
export function popupPlace(popup: Window): 'away' | 'closed' | URL {
  if (popup.closed) return 'closed';
  try {
    const url = new URL(popup.location.href);
    // about:blank before PayPal's page loads has the origin 'null'.
    return url.origin === window.location.origin ? url : 'away';
  } catch {
    // Reading another origin's location throws: the buyer is at PayPal.
    return 'away';
  }
}

/** Settles once the popup comes back (approved: the setup token) or is closed (refused). */
export function waitForApproval({ popup, token }: { popup: Window; token: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = window.setInterval(() => {
      const place = popupPlace(popup);
      if (place === 'away') return;
      window.clearInterval(timer);
      if (place === 'closed') return reject(new ApiError({ message: PAYPAL_TEXTS.notApproved }));
      popup.close();
      if (place.searchParams.has('approval_token_id')) resolve(token);
      else reject(new ApiError({ message: PAYPAL_TEXTS.notApproved }));
    }, POLL_MS);
  });
}

export function usePayPal() {
  const { data, refetch } = useQuery({ ...getPayPalTokenOptions(), gcTime: 0, staleTime: Infinity, retry: false });
  const approval = data?.data;

  /** Opens PayPal's approval page; call it from the click, so the browser lets the popup open. */
  const approve = (): Promise<string> => {
    if (!approval) return Promise.reject(new ApiError({ message: PAYPAL_TEXTS.notApproved }));
    const popup = window.open(approval.approveUrl, 'nindo-paypal', POPUP_FEATURES);
    if (!popup) return Promise.reject(new ApiError({ message: PAYPAL_TEXTS.popupBlocked }));
    return waitForApproval({ popup, token: approval.token });
  };

  return {
    available: Boolean(approval),
    approve,
    /** A setup token serves one purchase attempt. */
    renew: () => void refetch(),
  };
}
