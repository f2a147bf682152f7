// /embed/logout: signs out inside a frame and tells the parent.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLogoutUserMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import { AuthLayout } from '../../layouts/AuthLayout';
import { LOGOUT_MESSAGE } from '../../layouts/embed-frame';
import { StatusPanel } from './StatusPanel';
import type { Status } from './StatusPanel';
import './auth-pages.css';

export default function EmbedLogoutPage() {
  const queryClient = useQueryClient();
  const { mutate } = useLogoutUserMutation();
  const [status, setStatus] = useState<Status>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(
      {},
      {
        onSuccess: () => {
          queryClient.clear();
          setStatus('success');
          if (window.parent !== window) window.parent.postMessage({ type: LOGOUT_MESSAGE }, '*');
        },
        onError: () => setStatus('error'),
      },
    );
  }, [mutate, queryClient]);

  return (
    <AuthLayout title={status === 'success' ? 'You are signed out' : status === 'error' ? 'Could not sign out' : 'Signing out…'}>
      <StatusPanel status={status} backToLogin="/embed/login">
        <p>{status === 'error' ? 'Please try again.' : status === 'success' ? 'See you soon.' : 'Just a moment.'}</p>
      </StatusPanel>
    </AuthLayout>
  );
}
