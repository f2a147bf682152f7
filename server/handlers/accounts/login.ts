import type { Request, Response } from 'express';
import type { LoginUserData, LoginUserResponse, VerifyMfaData, VerifyMfaResponse } from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import { handler } from '../../http/handler';
import { destinationAfterSignIn } from '../../services/accounts/destinations';
import { isKnownBrowser, KNOWN_BROWSER_COOKIE, knownBrowserCookie } from '../../services/accounts/known-browsers';
import { loginWithPassword } from '../../services/accounts/login';
import { verifyLoginCode } from '../../services/accounts/mfa';
import { pendingMfa, signIn, startPendingMfa } from '../../services/accounts/session-auth';
import { toPublicUser } from '../../services/accounts/users';

/** Once the password (and code) proved the account, this browser is known to it. */
function rememberBrowser({ ctx, req, res, email }: { ctx: AppContext; req: Request; res: Response; email: string }): void {
  const cookie = knownBrowserCookie({ ctx, email });
  res.cookie(cookie.name, cookie.value, { ...cookie.options, secure: req.secure });
}

export const loginUser = handler<LoginUserData, LoginUserResponse>(async ({ body, query, ctx, req, res }) => {
  const knownBrowser = isKnownBrowser({ ctx, email: body.username, cookie: req.cookies?.[KNOWN_BROWSER_COOKIE] });
  const user = await loginWithPassword({ ctx, email: body.username, password: body.password, captchaToken: body.captchaToken, ip: req.ip ?? '', knownBrowser });
  const redirectUrl = destinationAfterSignIn({ user, redirectUrl: body.redirectUrl ?? query?.redirectUrl, developer: body.developer });
  if (user.mfa?.enabled) {
    await startPendingMfa({ req, userId: user._id, redirectUrl, now: ctx.now() });
    return { data: { mfaRequired: true, email: user.email }, message: 'Enter the code from your authenticator app' };
  }
  await signIn({ req, userId: user._id });
  rememberBrowser({ ctx, req, res, email: user.email });
  return { data: { mfaRequired: false, user: toPublicUser(user), redirectUrl }, message: 'Logged in' };
});

export const verifyMfa = handler<VerifyMfaData, VerifyMfaResponse>(async ({ body, ctx, req, res }) => {
  const pending = pendingMfa({ req, now: ctx.now() });
  const user = await verifyLoginCode({ ctx, userId: pending.userId, email: body.email, token: body.token, ip: req.ip ?? '' });
  await signIn({ req, userId: user._id });
  rememberBrowser({ ctx, req, res, email: user.email });
  return { data: { mfaRequired: false, user: toPublicUser(user), redirectUrl: pending.redirectUrl }, message: 'Logged in' };
});
