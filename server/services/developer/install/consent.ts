// The consent page: which app asks for which scopes, and the store owner's answer.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { InstallInfo } from '../../../../generated/client/types.gen';
import { NotFoundError, ValidationError } from '../../../http/errors';
import { emitEvent } from '../../webhooks/emit-event';
import { users } from '../../accounts/users';
import { apps, appUsers, developers } from '../model';
import type { AppDoc } from '../model';
import { APP_NOT_FOUND, findDeveloper } from '../owned-app';
import { CODE_TTL_MS, digest, installCodes } from './model';
import { installationOf, NINDO_PLATFORM } from './installation';

const NOT_READY = 'This app is not ready to be installed yet';

/** Published apps are open to every store owner; a draft only to its own developers, for testing. */
async function installableApp({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<AppDoc> {
  const app = await apps(ctx).findOne({ _id: appId });
  if (app?.status === 'published') return app;
  const developer = app ? await findDeveloper({ ctx, userId }) : null;
  if (!app || !developer || !app.developerIds.includes(developer._id)) throw new NotFoundError(APP_NOT_FOUND);
  return app;
}

const withParams = (base: string, params: Record<string, string | undefined>): string => {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
};

export async function getInstallInfo({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<InstallInfo> {
  const app = await installableApp({ ctx, userId, appId });
  const [owner, installation] = await Promise.all([
    developers(ctx).findOne({ _id: app.developerIds[0] }),
    installationOf({ ctx, appId, userId }),
  ]);
  return {
    appId: app._id,
    name: app.name,
    icon: app.meta.icon ?? '',
    developerName: owner?.name ?? '',
    scopes: app.scopes,
    installed: installation?.status === 'installed',
    ready: Boolean(app.endpoints.authCallback),
  };
}

export async function approveInstall({
  ctx,
  userId,
  appId,
  state,
}: {
  ctx: AppContext;
  userId: string;
  appId: string;
  state?: string;
}): Promise<string> {
  const app = await installableApp({ ctx, userId, appId });
  if (!app.endpoints.authCallback) throw new ValidationError(NOT_READY);
  const user = await users(ctx).findOne({ _id: userId });
  const now = ctx.now().toISOString();
  const filter = { appId, platform: NINDO_PLATFORM, platformUserId: userId };
  const profile = { accountName: user?.fullName ?? '', accountEmail: user?.email ?? '', updated: now };
  const installId = randomUUID();
  // Only the approval that turns the installation on gives it a new installId (records from
  // before installIds get one too); approving again while installed keeps the tokens valid.
  const turnedOn = await appUsers(ctx).findOneAndUpdate(
    { ...filter, $or: [{ status: { $ne: 'installed' } }, { installId: { $exists: false } }] },
    { $set: { ...profile, status: 'installed', installId } },
    { returnDocument: 'before' },
  );
  const before =
    turnedOn ??
    (await appUsers(ctx).findOneAndUpdate(
      filter,
      { $set: profile, $setOnInsert: { _id: randomUUID(), created: now, status: 'installed', installId } },
      { upsert: true, returnDocument: 'before' },
    ));
  const installation = await appUsers(ctx).findOne(filter);
  if (!installation?.installId) throw new NotFoundError(APP_NOT_FOUND);
  const code = randomBytes(32).toString('base64url');
  await installCodes(ctx).insertOne({
    _id: digest(code),
    appId,
    userId,
    appUserId: installation._id,
    installId: installation.installId,
    scopes: app.scopes,
    expiresAt: new Date(ctx.now().getTime() + CODE_TTL_MS).toISOString(),
  });
  if (before?.status !== 'installed') {
    await emitEvent({
      ctx,
      appId,
      type: 'app.installed',
      // One installation, one event: its installId is new each time the app is turned on.
      cause: installation.installId,
      payload: { appUserId: installation._id, platform: NINDO_PLATFORM, platformUserId: userId, accountName: installation.accountName, accountEmail: installation.accountEmail, scopes: app.scopes },
    });
  }
  return withParams(app.endpoints.authCallback, { code, state });
}

export async function denyInstall({ ctx, userId, appId, state }: { ctx: AppContext; userId: string; appId: string; state?: string }): Promise<string> {
  const app = await installableApp({ ctx, userId, appId });
  const target = app.endpoints.authErrorCallback || app.endpoints.authCallback;
  if (!target) throw new ValidationError(NOT_READY);
  return withParams(target, { error: 'access_denied', state });
}
