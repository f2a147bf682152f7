// /auth/paypal-return: where PayPal sends the checkout's popup back (the vault setup token's
// return and cancel page). The checkout that opened the popup reads this address (approved when it
// carries approval_token_id) and closes the window; the page only shows while that happens. It sits
// under /auth/ because those pages send no opener policy, so the popup stays the checkout's.
import { AuthLayout } from '../../../layouts/AuthLayout';

export default function PayPalReturnPage() {
  return (
    <AuthLayout title="Back from PayPal">
      <p>Returning to the checkout. You can close this window.</p>
    </AuthLayout>
  );
}
