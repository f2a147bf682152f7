// Social sign-in runs in a popup: /auth/{provider} -> provider -> callback ->
// /auth/post-login, which posts this message to the opener and closes (spec 003 "Login").
import { useEffect, useRef } from 'react';
import { isSafeRedirect } from '../../../../rules/safe-redirect';
import { queryErrorMessage } from './auth-error';

export const POST_SOCIAL_LOGIN = 'post-social-login';

export interface SocialLoginMessage {
  type: typeof POST_SOCIAL_LOGIN;
  isNew?: boolean;
  error?: string;
  redirectUrl?: string;
}

const POPUP_FEATURES = 'popup,width=520,height=680';

export const isSocialLoginMessage = (data: unknown): data is SocialLoginMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === POST_SOCIAL_LOGIN;

export function openSocialPopup({ loginPath, redirectUrl }: { loginPath: string; redirectUrl?: string | null }): void {
  const url = redirectUrl ? `${loginPath}?${new URLSearchParams({ redirectUrl })}` : loginPath;
  const popup = window.open(url, 'social-login', POPUP_FEATURES);
  // Popup blocked: continue in this window; /auth/post-login then finishes without an opener.
  if (!popup) window.location.assign(url);
}

/** Calls onMessage for post-social-login messages from this origin only. */
export function useSocialLoginMessages(onMessage: (message: SocialLoginMessage) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);
  useEffect(() => {
    const listen = (event: MessageEvent): void => {
      if (event.origin !== window.location.origin || !isSocialLoginMessage(event.data)) return;
      handler.current(event.data);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
}

/** What /auth/post-login tells the opener, read from the query the server redirected with. */
export function socialLoginMessage(search: URLSearchParams): SocialLoginMessage {
  const error = queryErrorMessage(search);
  const redirectUrl = search.get('redirectUrl');
  return {
    type: POST_SOCIAL_LOGIN,
    ...(error ? { error } : { isNew: search.get('isNew') === 'true' }),
    ...(isSafeRedirect(redirectUrl) ? { redirectUrl } : {}),
  };
}
