// /auth/post-login: where social sign-in lands inside the popup. It hands the outcome
// to the opener window and closes; opened without a popup, it finishes here instead.
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../layouts/AuthLayout';
import { socialLoginMessage } from './social-login';
import { StatusPanel } from './StatusPanel';
import './auth-pages.css';

export default function PostLoginPage() {
  const [search] = useSearchParams();
  const message = socialLoginMessage(search);
  const opener = window.opener as Window | null;

  useEffect(() => {
    if (!opener) return;
    opener.postMessage(message, window.location.origin);
    window.close();
  });

  if (opener) {
    return (
      <AuthLayout title="Signing you in…">
        <StatusPanel status="pending">
          <p>You can close this window.</p>
        </StatusPanel>
      </AuthLayout>
    );
  }
  if (message.error) {
    return (
      <AuthLayout title="Sign-in did not complete">
        <StatusPanel status="error" backToLogin="/login">
          <p>{message.error}</p>
        </StatusPanel>
      </AuthLayout>
    );
  }
  return <Navigate to={message.redirectUrl ?? '/dashboard'} replace />;
}

