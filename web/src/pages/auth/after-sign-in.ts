// Where a visitor goes once signed in, and when (spec 003 section 9: 100 ms after login,
// 5.5 s after signup). Embedded pages go to the auth-success page, which tells the parent.
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isSafeRedirect } from '../../../../rules/safe-redirect';
import { useAuthVariant } from '../../layouts/auth-variant';
import type { AccountSignedIn } from '../../../../generated/client/types.gen';

export const LOGIN_REDIRECT_MS = 100;
export const SIGNUP_REDIRECT_MS = 5500;
export const EMBED_SUCCESS_PATH = '/embed/auth-success';

/** The page's own default: /dashboard for users, the portal (or the join page) for developers. */
export function defaultDestination({ developer, isDeveloper }: { developer: boolean; isDeveloper?: boolean }): string {
  if (!developer) return '/dashboard';
  return isDeveloper === false ? '/developer/join' : '/developer/apps';
}

export function safeDestination({ candidates, fallback }: { candidates: Array<string | null | undefined>; fallback: string }): string {
  return candidates.find(isSafeRedirect) ?? fallback;
}

export function useFinishSignIn(): (input: { to: string; delayMs: number; isNew?: boolean }) => () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { embed, developer } = useAuthVariant();
  return useCallback(
    ({ to, delayMs, isNew }) => {
      void queryClient.invalidateQueries();
      const target = embed ? `${EMBED_SUCCESS_PATH}?${new URLSearchParams({ isNew: String(Boolean(isNew)), developer: String(developer) })}` : to;
      const timer = window.setTimeout(() => void navigate(target, { replace: true }), delayMs);
      return () => window.clearTimeout(timer);
    },
    [queryClient, navigate, embed, developer],
  );
}

/** Once a login or signup answer arrives, goes to the answer's redirect (or the page default). */
export function useGoOnWhenSignedIn({ signedIn, delayMs, isNew }: { signedIn: AccountSignedIn | null; delayMs: number; isNew?: boolean }): void {
  const { developer } = useAuthVariant();
  const finish = useFinishSignIn();
  useEffect(() => {
    if (!signedIn) return;
    const fallback = defaultDestination({ developer, isDeveloper: signedIn.user.isDeveloper });
    return finish({ to: safeDestination({ candidates: [signedIn.redirectUrl], fallback }), delayMs, isNew });
  }, [signedIn, developer, finish, delayMs, isNew]);
}
