// Social sign-in, both legs: the authorization URL (state, nonce and PKCE kept by the
// caller in the session) and the callback (code exchange, profile, find-or-create user).
import { errors, generators } from 'openid-client';
import type { AppContext } from '../../context';
import { AppError, ValidationError } from '../../http/errors';
import { findOrCreateSocialUser } from '../accounts/users';
import type { UserDoc } from '../accounts/users';
import { callbackUrl, oauthClient } from './client';
import { readProfile } from './profiles';
import { providerSpecs } from './providers';
import type { SocialProvider } from './providers';
import { log } from '../../observability/log';

/** What the session keeps between the two legs (req.session.oauthState). */
export interface OAuthAttempt {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUrl?: string;
}

const ATTEMPT_EXPIRED = 'Your sign-in attempt expired. Please try again.';

/** Only same-site paths: "/x" but not "//host" or "/\host", which browsers treat as other sites. */
export const safeRedirectPath = (url?: string): string | undefined =>
  url && /^\/(?![/\\])/.test(url) && !/[\s\\]/.test(url) ? url : undefined;

export async function beginSocialLogin({
  ctx,
  provider,
  redirectUrl,
}: {
  ctx: AppContext;
  provider: SocialProvider;
  redirectUrl?: string;
}): Promise<{ url: string; attempt: OAuthAttempt }> {
  const client = await oauthClient({ config: ctx.config, provider });
  const attempt: OAuthAttempt = {
    provider,
    state: generators.state(),
    nonce: generators.nonce(),
    codeVerifier: generators.codeVerifier(),
    redirectUrl: safeRedirectPath(redirectUrl),
  };
  const spec = providerSpecs[provider];
  const url = client.authorizationUrl({
    scope: spec.scope,
    state: attempt.state,
    code_challenge: generators.codeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    ...(spec.kind === 'oidc' ? { nonce: attempt.nonce } : {}),
  });
  return { url, attempt };
}

/** Turns openid-client and network failures into a message a person can act on. */
function toSocialError({ err, provider }: { err: unknown; provider: SocialProvider }): AppError {
  if (err instanceof AppError) return err;
  const name = providerSpecs[provider].name;
  if (err instanceof errors.OPError && err.error === 'access_denied') return new ValidationError(`You cancelled signing in with ${name}`);
  if (err instanceof errors.RPError && /state mismatch|nonce mismatch/.test(err.message)) return new ValidationError(ATTEMPT_EXPIRED);
  log.error({ err }, `Sign-in with ${name} failed`);
  return new ValidationError(`Sign-in with ${name} failed. Please try again.`);
}

async function exchange({
  ctx,
  provider,
  currentUrl,
  attempt,
}: {
  ctx: AppContext;
  provider: SocialProvider;
  currentUrl: string;
  attempt?: OAuthAttempt;
}): Promise<{ user: UserDoc; isNew: boolean }> {
  const client = await oauthClient({ config: ctx.config, provider });
  const params = client.callbackParams(currentUrl);
  if (params.error) throw new errors.OPError({ error: params.error, error_description: params.error_description });
  if (!attempt || attempt.provider !== provider) throw new ValidationError(ATTEMPT_EXPIRED);
  const spec = providerSpecs[provider];
  const redirectUri = callbackUrl({ config: ctx.config, provider });
  const tokenSet =
    spec.kind === 'oidc'
      ? await client.callback(redirectUri, params, { state: attempt.state, nonce: attempt.nonce, code_verifier: attempt.codeVerifier })
      : await client.oauthCallback(redirectUri, params, { state: attempt.state, code_verifier: attempt.codeVerifier });
  const profile = await readProfile({ spec, client, tokenSet });
  return findOrCreateSocialUser({ ctx, provider, ...profile });
}

/** currentUrl: the callback request's path and query, as the provider sent it. */
export async function completeSocialLogin(input: {
  ctx: AppContext;
  provider: SocialProvider;
  currentUrl: string;
  attempt?: OAuthAttempt;
}): Promise<{ user: UserDoc; isNew: boolean }> {
  try {
    return await exchange(input);
  } catch (err) {
    throw toSocialError({ err, provider: input.provider });
  }
}

export const socialErrorMessage = ({ err, provider }: { err: unknown; provider: SocialProvider }): string =>
  toSocialError({ err, provider }).message;
