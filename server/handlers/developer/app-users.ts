import type {
  DeleteAppUserData,
  DeleteAppUserResponse,
  GetAppUserData,
  GetAppUserResponse,
  GetAppUserStatsData,
  GetAppUserStatsResponse,
  ListAppUsersData,
  ListAppUsersResponse,
  UpdateAppUserData,
  UpdateAppUserResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as users from '../../services/app-users/users';
import { getAppUserStats as userStats } from '../../services/app-users/stats';

export const listAppUsers = handler<ListAppUsersData, ListAppUsersResponse>(async ({ ctx, req, path, query }) => ({
  data: await users.listAppUsers({ ctx, userId: requireUserId(req), appId: path.appId, page: query?.page ?? 1, limit: query?.limit ?? 20, query: query?.query, sort: query?.sort }),
}));

export const getAppUser = handler<GetAppUserData, GetAppUserResponse>(async ({ ctx, req, path }) => ({
  data: await users.getAppUser({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId }),
}));

export const updateAppUser = handler<UpdateAppUserData, UpdateAppUserResponse>(async ({ ctx, req, path, body }) => ({
  data: await users.updateAppUser({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, input: body }),
  message: 'User details updated successfully',
}));

export const deleteAppUser = handler<DeleteAppUserData, DeleteAppUserResponse>(async ({ ctx, req, path }) => {
  await users.deleteAppUser({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId });
  return { data: null, message: 'User deleted' };
});

export const getAppUserStats = handler<GetAppUserStatsData, GetAppUserStatsResponse>(async ({ ctx, req, path }) => ({
  data: await userStats({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId }),
}));
