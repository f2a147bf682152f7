// The app's users: list, read, edit and delete. Every call starts with the app's ownership.
import type { AppContext } from '../../context';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { Page } from '../../storage/port';
import type { AppUser, AppUserInput } from '../../../generated/client/types.gen';
import { findOwnedApp } from '../developer/owned-app';
import { APP_USERS, appUsers, charges, subscriptions } from '../developer/model';
import { emitEvent } from '../webhooks/emit-event';
import { appUserJobs } from './jobs/model';
import { parseQuery, parseSort } from '../lists/list-query';
import { findAppUser, toAppUser, USER_LIST, USER_NOT_FOUND } from './model';
import { findPage } from '../lists/paging';

export const MISSING_USER_NAME = 'Missing user name';

export interface Owned {
  ctx: AppContext;
  userId: string;
  appId: string;
}

export interface ListInput {
  page: number;
  limit: number;
  query?: string;
  sort?: string;
}

export async function listAppUsers({ ctx, userId, appId, page, limit, query, sort }: Owned & ListInput): Promise<Page<AppUser>> {
  await findOwnedApp({ ctx, userId, appId });
  const result = await findPage({
    ctx,
    name: APP_USERS,
    collection: appUsers(ctx),
    scope: { appId },
    filter: parseQuery({ text: query, fields: USER_LIST.fields }),
    sort: parseSort({ text: sort, ...USER_LIST }),
    page,
    limit,
  });
  return { ...result, docs: result.docs.map(toAppUser) };
}

export async function getAppUser({ ctx, userId, appId, appUserId }: Owned & { appUserId: string }): Promise<AppUser> {
  await findOwnedApp({ ctx, userId, appId });
  return toAppUser(await findAppUser({ ctx, appId, userId: appUserId }));
}

export async function updateAppUser({ ctx, userId, appId, appUserId, input }: Owned & { appUserId: string; input: AppUserInput }): Promise<AppUser> {
  await findOwnedApp({ ctx, userId, appId });
  await findAppUser({ ctx, appId, userId: appUserId });
  const accountName = input.accountName?.trim() ?? '';
  if (accountName === '') throw new ValidationError(MISSING_USER_NAME, { accountName: MISSING_USER_NAME });
  // Every declared property as sent (the body holds only what AppUserInput declares), then the rules of the named ones.
  const changes = { ...input, accountName, ...(input.accountEmail === undefined ? {} : { accountEmail: input.accountEmail.trim() }), updated: ctx.now().toISOString() };
  const updated = await appUsers(ctx).findOneAndUpdate({ _id: appUserId, appId }, { $set: changes });
  if (!updated) throw new NotFoundError(USER_NOT_FOUND);
  const user = toAppUser(updated);
  // The fact is "this user became these details at this time": the same write gives the same event.
  const cause = JSON.stringify([user.id, changes.updated, user.accountName, user.accountEmail]);
  await emitEvent({ ctx, appId, type: 'app_user.updated', cause, payload: eventUser(user) });
  return user;
}

/** The user goes with their subscriptions, charges and unfinished jobs; the provider is not told. */
export async function deleteAppUser({ ctx, userId, appId, appUserId }: Owned & { appUserId: string }): Promise<void> {
  await findOwnedApp({ ctx, userId, appId });
  const user = toAppUser(await findAppUser({ ctx, appId, userId: appUserId }));
  const scope = { appId, appUserId };
  await Promise.all([subscriptions(ctx).deleteMany(scope), charges(ctx).deleteMany(scope), appUserJobs(ctx).deleteMany(scope)]);
  await appUsers(ctx).deleteOne({ _id: appUserId, appId });
  await emitEvent({ ctx, appId, type: 'app_user.deleted', cause: appUserId, payload: eventUser(user) });
}

const eventUser = (user: AppUser): Record<string, unknown> => ({
  id: user.id,
  accountName: user.accountName,
  accountEmail: user.accountEmail,
  platform: user.platform,
  platformUserId: user.platformUserId,
});
