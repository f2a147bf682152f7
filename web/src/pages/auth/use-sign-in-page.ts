// What the login and signup pages share: the variant (site owner or developer), the
// redirect from the query, the captcha, social sign-in's return and the message to show.
import { useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import { useAuthVariant } from '../../layouts/auth-variant';
import type { AuthVariant } from '../../layouts/auth-variant';
import { LOGIN_REDIRECT_MS } from './after-sign-in';
import { queryErrorMessage } from './auth-error';
import { useCaptcha } from './captcha/use-captcha';
import { useSocialSignIn } from './use-social-sign-in';

export interface SignInPage {
  variant: AuthVariant;
  search: URLSearchParams;
  redirectUrl: string | null;
  /** The address to fill in (an invitation page sends its invited address). */
  email: string | undefined;
  captchaWidget: ReactNode;
  /** A social sign-in error, else an error passed in the query. */
  message: string | undefined;
  /** The fields every login and signup request carries besides the form's own. */
  requestFields: { captchaToken: string; developer: boolean; redirectUrl?: string };
}

export function useSignInPage(): SignInPage {
  const variant = useAuthVariant();
  const [search] = useSearchParams();
  const redirectUrl = search.get('redirectUrl');
  const captcha = useCaptcha();
  const socialError = useSocialSignIn({ redirectUrl, delayMs: LOGIN_REDIRECT_MS });
  return {
    variant,
    search,
    redirectUrl,
    email: search.get('email') ?? undefined,
    captchaWidget: captcha.widget,
    message: socialError ?? queryErrorMessage(search),
    requestFields: { captchaToken: captcha.token, developer: variant.developer, ...(redirectUrl ? { redirectUrl } : {}) },
  };
}
