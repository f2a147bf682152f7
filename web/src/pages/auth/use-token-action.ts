// Token pages (email confirmation, invitations) act once on arrival and then show
// pending, success or error; on success they move on after a delay (spec 003 section 9: 5 s).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toFormFailure } from '../../../../forms/server-errors';
import type { Status } from './StatusPanel';

export const TOKEN_PAGE_REDIRECT_MS = 5000;

export function useTokenAction({ run, next }: { run: () => Promise<{ message: string }>; next: string }): { status: Status; message: string } {
  const navigate = useNavigate();
  const [state, setState] = useState<{ status: Status; message: string }>({ status: 'pending', message: '' });
  // Tokens are single use: the action must run once even when effects run twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run().then(
      (answer) => setState({ status: 'success', message: answer.message }),
      (thrown: unknown) => setState({ status: 'error', message: toFormFailure(thrown).message }),
    );
  }, [run]);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), TOKEN_PAGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, next, navigate]);

  return state;
}
