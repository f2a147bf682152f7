// Email confirmation (spec 003): acts on the token from the route; pending, success
// (then /dashboard after 5 s) or the server's message with "Back to Login Page".
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirmEmailMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import { AuthLayout } from '../../layouts/AuthLayout';
import { StatusPanel } from './StatusPanel';
import { useTokenAction } from './use-token-action';
import './auth-pages.css';

const TITLES = { pending: 'Confirming your email…', success: 'Email confirmed', error: 'We could not confirm your email' };

export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const { mutateAsync } = useConfirmEmailMutation({ onSuccess: () => void queryClient.invalidateQueries() });
  const run = useCallback(() => mutateAsync({ path: { token } }), [mutateAsync, token]);
  const { status, message } = useTokenAction({ run, next: '/dashboard' });

  return (
    <AuthLayout title={TITLES[status]}>
      <StatusPanel status={status} backToLogin="/login">
        {status === 'pending' ? <p>Just a moment.</p> : null}
        {status === 'success' ? <p>{message || 'Thanks! Your email address is confirmed.'} Taking you to your dashboard…</p> : null}
        {status === 'error' ? <p>{message}</p> : null}
      </StatusPanel>
    </AuthLayout>
  );
}
