// After a card or PayPal purchase (spec 002 section 2): Great Success, then the dashboard after
// 10 seconds.
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { BILLING_MESSAGES } from '../../../../../rules/billing-messages';

export const UPGRADE_REDIRECT_MS = 10_000;
export const DASHBOARD_PATH = '/user/dashboard';

export function GreatSuccess() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(DASHBOARD_PATH), UPGRADE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="checkout-done card" role="status">
      <div className="checkout-done__icon" aria-hidden="true">✓</div>
      <h2>Great Success</h2>
      <p>{BILLING_MESSAGES.created}.</p>
      <p className="muted">Taking you to your dashboard in 10 seconds.</p>
      <Link className="btn btn-primary" to={DASHBOARD_PATH}>
        Go to dashboard
      </Link>
    </div>
  );
}
