// What an app's server can read with an access token, within its scopes.
import type { AppContext } from '../../../context';
import type { OAuthMe, OAuthStore } from '../../../../generated/client/types.gen';
import { UnauthorizedError } from '../../../http/errors';
import { appUsers } from '../model';
import type { AppUserDoc } from '../model';
import { authenticateAppToken, requireScope } from './tokens';
import type { AppTokenDoc } from './model';

export async function installationFor({ ctx, token }: { ctx: AppContext; token: AppTokenDoc }): Promise<AppUserDoc> {
  // A token dies with its installation: a reinstall has a new installId.
  const installation = await appUsers(ctx).findOne({ _id: token.appUserId, status: 'installed', installId: token.installId });
  if (!installation) throw new UnauthorizedError('Invalid access token');
  return installation;
}

export async function tokenInfo({ ctx, authorization }: { ctx: AppContext; authorization?: string }): Promise<OAuthMe> {
  const token = await authenticateAppToken({ ctx, authorization });
  const installation = await installationFor({ ctx, token });
  return {
    appId: token.appId,
    scopes: token.scopes,
    installation: { id: installation._id, platform: installation.platform, platformUserId: installation.platformUserId, created: installation.created },
  };
}

export async function storeInfo({ ctx, authorization }: { ctx: AppContext; authorization?: string }): Promise<OAuthStore> {
  const token = await authenticateAppToken({ ctx, authorization });
  requireScope({ token, scope: 'read_store_info' });
  const installation = await installationFor({ ctx, token });
  return { accountName: installation.accountName, accountEmail: installation.accountEmail };
}
