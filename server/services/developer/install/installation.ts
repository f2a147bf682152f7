// A store owner's installation of an app (an app user on our own platform) and its removal.
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { emitEvent } from '../../webhooks/emit-event';
import { appUsers } from '../model';
import type { AppUserDoc } from '../model';
import { appTokens, installCodes } from './model';

/** The platform identifier of installations made through our own install flow. */
export const NINDO_PLATFORM = 'nindo';

export async function installationOf({ ctx, appId, userId }: { ctx: AppContext; appId: string; userId: string }): Promise<AppUserDoc | null> {
  return appUsers(ctx).findOne({ appId, platform: NINDO_PLATFORM, platformUserId: userId });
}

export async function uninstall({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<void> {
  const now = ctx.now().toISOString();
  const installation = await appUsers(ctx).findOneAndUpdate(
    { appId, platform: NINDO_PLATFORM, platformUserId: userId, status: 'installed' },
    { $set: { status: 'uninstalled', uninstalled: now, updated: now }, $unset: { installId: true } },
    { returnDocument: 'before' },
  );
  if (!installation) throw new NotFoundError('App is not installed');
  // The installId is gone too, so a code or token that escapes these deletes is refused anyway.
  await Promise.all([appTokens(ctx).deleteMany({ appId, userId }), installCodes(ctx).deleteMany({ appId, userId })]);
  // The cause is the installation that ended (records from before installIds: this removal).
  const cause = installation.installId ?? `${installation._id}@${now}`;
  await emitEvent({ ctx, appId, type: 'app.uninstalled', cause, payload: { appUserId: installation._id, platform: NINDO_PLATFORM, platformUserId: userId } });
}
