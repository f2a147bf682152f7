// Who calls the public data API of an app, from the Authorization header or the portal session:
// the app itself (App ID and App Secret as HTTP Basic, or its signed-in developer), one of its
// users (an install token), or nobody.
import type { AppContext } from '../../../context';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../http/errors';
import { apps } from '../../developer/model';
import type { AppDoc } from '../../developer/model';
import { APP_NOT_FOUND, findOwnedApp } from '../../developer/owned-app';
import { authenticateAppToken, checkSecret, secretMatches } from '../../developer/install/tokens';
import { installationFor } from '../../developer/install/app-api';
import { recentlyVerified, rememberVerified } from './verified-credentials';

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

/** `app` is the path's app, already read: its own credentials need no second read. */
async function appCaller({ ctx, app, authorization }: { ctx: AppContext; app: AppDoc; authorization: string }): Promise<Caller> {
  const credentials = basicCredentials(authorization);
  if (!credentials) throw new UnauthorizedError(CALLER_MESSAGES.badSecret);
  const own = credentials.appId === app._id;
  const secretOk = own ? secretMatches({ ctx, app, appSecret: credentials.appSecret }) : await checkSecret({ ctx, ...credentials });
  if (!secretOk) throw new UnauthorizedError(CALLER_MESSAGES.badSecret);
  if (!own) throw new ForbiddenError(CALLER_MESSAGES.otherAppSecret);
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
 * The caller, after checking the app exists (404 'App not found'; for credentials verified a
 * moment ago, see verified-credentials.ts). `counted` tells whether the call was already counted
 * toward the app's monthly requests (install tokens count themselves).
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
  const basic = /^Basic\s/i.test(authorization);
  if (basic && recentlyVerified({ ctx, appId, authorization })) return { caller: { kind: 'app' }, counted: false };
  const app = await apps(ctx).findOne({ _id: appId });
  if (!app) throw new NotFoundError(APP_NOT_FOUND);
  if (/^Bearer\s/i.test(authorization)) return { caller: await userCaller({ ctx, appId, authorization }), counted: true };
  if (!authorization.trim()) return { caller: await sessionCaller({ ctx, appId, userId: sessionUserId }), counted: false };
  const caller = await appCaller({ ctx, app, authorization });
  if (basic) rememberVerified({ ctx, appId, authorization });
  return { caller, counted: false };
}
