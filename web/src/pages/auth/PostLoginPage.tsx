// /auth/post-login: where social sign-in lands inside the popup. It hands the outcome
// to the opener window and closes; opened without a popup, it finishes here instead.
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isSafeRedirect } from '../../../../forms/safe-redirect';
import { AuthLayout } from '../../layouts/AuthLayout';
import { queryErrorMessage } from './auth-error';
import { POST_SOCIAL_LOGIN } from './social-login';
import type { SocialLoginMessage } from './social-login';
import { StatusPanel } from './StatusPanel';
import './auth-pages.css';

export function socialLoginMessage(search: URLSearchParams): SocialLoginMessage {
  const error = queryErrorMessage(search);
  const redirectUrl = search.get('redirectUrl');
  return {
    type: POST_SOCIAL_LOGIN,
    ...(error ? { error } : { isNew: search.get('isNew') === 'true' }),
    ...(isSafeRedirect(redirectUrl) ? { redirectUrl } : {}),
  };
}

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

