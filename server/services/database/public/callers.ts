// Who calls the public data API of an app, from the Authorization header or the portal session:
// the app itself (App ID and App Secret as HTTP Basic, or its signed-in developer), one of its
// users (an install token), or nobody.
import type { AppContext } from '../../../context';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../http/errors';
import { apps } from '../../developer/model';
import { APP_NOT_FOUND, findOwnedApp } from '../../developer/owned-app';
import { checkSecret, authenticateAppToken } from '../../developer/install/tokens';
import { installationFor } from '../../developer/install/app-api';

export type Caller = { kind: 'anonymous' } | { kind: 'user'; appUserId: string } | { kind: 'app' };

export const CALLER_MESSAGES = {
  badSecret: 'Invalid app credentials',
  otherAppSecret: 'These credentials belong to another app',
  otherAppToken: 'This access token belongs to another app',
};

/** `Basic base64(appId:appSecret)`, split at the first colon as RFC 7617 says. */
function basicCredentials(authorization: string): { appId: string; appSecret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { appId: decoded.slice(0, colon), appSecret: decoded.slice(colon + 1) } : null;
}

async function appCaller({ ctx, appId, authorization }: { ctx: AppContext; appId: string; authorization: string }): Promise<Caller> {
  const credentials = basicCredentials(authorization);
  if (!credentials || !(await checkSecret({ ctx, ...credentials }))) throw new UnauthorizedError(CALLER_MESSAGES.badSecret);
  if (credentials.appId !== appId) throw new ForbiddenError(CALLER_MESSAGES.otherAppSecret);
  return { kind: 'app' };
}

async function userCaller({ ctx, appId, authorization }: { ctx: AppContext; appId: string; authorization: string }): Promise<Caller> {
  const token = await authenticateAppToken({ ctx, authorization });
  if (token.appId !== appId) throw new ForbiddenError(CALLER_MESSAGES.otherAppToken);
  const installation = await installationFor({ ctx, token });
  return { kind: 'user', appUserId: installation._id };
}

async function sessionCaller({ ctx, appId, userId }: { ctx: AppContext; appId: string; userId?: string }): Promise<Caller> {
  if (!userId) return { kind: 'anonymous' };
  try {
    await findOwnedApp({ ctx, userId, appId });
    return { kind: 'app' };
  } catch (err) {
    // Signed in, but not to this app: as good as nobody here.
    if (err instanceof NotFoundError) return { kind: 'anonymous' };
    throw err;
  }
}

/**
 * The caller, after checking the app exists (404 'App not found'). `counted` tells whether the
 * call was already counted toward the app's monthly requests (install tokens count themselves).
 */
export async function identifyCaller({
  ctx,
  appId,
  authorization = '',
  sessionUserId,
}: {
  ctx: AppContext;
  appId: string;
  authorization?: string;
  sessionUserId?: string;
}): Promise<{ caller: Caller; counted: boolean }> {
  if (!(await apps(ctx).findOne({ _id: appId }))) throw new NotFoundError(APP_NOT_FOUND);
  if (/^Bearer\s/i.test(authorization)) return { caller: await userCaller({ ctx, appId, authorization }), counted: true };
  if (authorization.trim()) return { caller: await appCaller({ ctx, appId, authorization }), counted: false };
  return { caller: await sessionCaller({ ctx, appId, userId: sessionUserId }), counted: false };
}
