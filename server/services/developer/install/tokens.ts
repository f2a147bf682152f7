// The app's server side of the flow: code-for-token exchange and bearer-token checks.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { AppScope, OAuthToken } from '../../../../generated/client/types.gen';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../../http/errors';
import { apps, appUsers } from '../model';
import type { AppDoc } from '../model';
import { unseal } from '../secrets';
import { appTokens, digest, installCodes, secretsEqual, TOKEN_TTL_SECONDS } from './model';
import type { AppTokenDoc, InstallCodeDoc } from './model';
import { refundAttempt, takeAttempt } from '../../accounts/rate-limit';
import { exchangeLimits } from './exchange-limits';
import { countRequest } from './request-counter';

/** Compared even when the app is unknown, so timing does not tell which part was wrong. */
const DUMMY_SECRET = 'sk_no-such-app';

/** Whether `appSecret` is the secret of `app` (read by the caller; null when there is no such app), in constant time. */
export function secretMatches({ ctx, app, appSecret }: { ctx: AppContext; app: AppDoc | null; appSecret: string }): boolean {
  const secretOk = secretsEqual(app ? unseal(ctx, app.secretKey) : DUMMY_SECRET, appSecret);
  return app !== null && secretOk;
}

export async function checkSecret({ ctx, appId, appSecret }: { ctx: AppContext; appId: string; appSecret: string }): Promise<boolean> {
  return secretMatches({ ctx, app: await apps(ctx).findOne({ _id: appId }), appSecret });
}

/** Consumes the code; every failure here counts toward the limits. */
async function redeemCode({ ctx, appId, secretOk, code }: { ctx: AppContext; appId: string; secretOk: boolean; code: string }): Promise<InstallCodeDoc> {
  if (!secretOk) throw new UnauthorizedError('Invalid app credentials');
  const grant = await installCodes(ctx).findOneAndDelete({ _id: digest(code), appId });
  if (!grant || grant.expiresAt <= ctx.now().toISOString()) throw new ValidationError('Invalid or expired code');
  // A code dies with its installation: uninstalled since, or reinstalled under a new installId.
  const installation = await appUsers(ctx).findOne({ _id: grant.appUserId, status: 'installed', installId: grant.installId });
  if (!installation) throw new ValidationError('Invalid or expired code');
  return grant;
}

export async function exchangeCode({
  ctx,
  appId,
  appSecret,
  code,
  ip,
}: {
  ctx: AppContext;
  appId: string;
  appSecret: string;
  code: string;
  ip: string;
}): Promise<OAuthToken> {
  const secretOk = await checkSecret({ ctx, appId, appSecret });
  const limits = exchangeLimits({ appId, ip, secretOk });
  // Counted before judging so parallel guesses cannot slip past; a success is taken back below.
  await takeAttempt({ ctx, limits, what: 'Too many failed token requests' });
  const grant = await redeemCode({ ctx, appId, secretOk, code });
  await refundAttempt({ ctx, limits });
  const accessToken = `at_${randomBytes(32).toString('base64url')}`;
  await appTokens(ctx).insertOne({
    _id: digest(accessToken),
    appId,
    userId: grant.userId,
    appUserId: grant.appUserId,
    installId: grant.installId,
    scopes: grant.scopes,
    created: ctx.now().toISOString(),
    expiresAt: new Date(ctx.now().getTime() + TOKEN_TTL_SECONDS * 1000).toISOString(),
  });
  return { accessToken, tokenType: 'Bearer', scopes: grant.scopes, expiresIn: TOKEN_TTL_SECONDS };
}

/** Resolves `Authorization: Bearer <token>` and counts the call toward the app's monthly requests. */
export async function authenticateAppToken({ ctx, authorization }: { ctx: AppContext; authorization?: string }): Promise<AppTokenDoc> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const token = match ? await appTokens(ctx).findOne({ _id: digest(match[1]) }) : null;
  if (!token || token.expiresAt <= ctx.now().toISOString()) throw new UnauthorizedError('Invalid access token');
  await countRequest({ ctx, appId: token.appId });
  return token;
}

export function requireScope({ token, scope }: { token: AppTokenDoc; scope: AppScope }): void {
  if (!token.scopes.includes(scope)) throw new ForbiddenError(`This access token lacks the ${scope} scope`);
}
