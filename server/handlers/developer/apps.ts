import type {
  CreateAppData,
  CreateAppResponse,
  DeleteAppData,
  DeleteAppResponse,
  GetAppData,
  GetAppResponse,
  ListAppsData,
  ListAppsResponse,
  ListPublicAppsData,
  ListPublicAppsResponse,
  UpdateAppData,
  UpdateAppResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import * as apps from '../../services/developer/apps';
import { listPublicApps as publicApps } from '../../services/developer/public-apps';

export const listApps = handler<ListAppsData, ListAppsResponse>(async ({ ctx, req, query }) => ({
  data: await apps.listApps({ ctx, userId: requireUserId(req), search: query?.search }),
}));

export const createApp = handler<CreateAppData, CreateAppResponse>(async ({ ctx, req, body }) => ({
  data: await apps.createApp({ ctx, userId: requireUserId(req), input: body }),
  message: 'App created',
  status: 201,
}));

export const getApp = handler<GetAppData, GetAppResponse>(async ({ ctx, req, path }) => ({
  data: await apps.getApp({ ctx, userId: requireUserId(req), appId: path.appId }),
}));

export const updateApp = handler<UpdateAppData, UpdateAppResponse>(async ({ ctx, req, path, body }) => ({
  data: await apps.updateApp({ ctx, userId: requireUserId(req), appId: path.appId, input: body }),
  message: 'Great success!',
}));

export const deleteApp = handler<DeleteAppData, DeleteAppResponse>(async ({ ctx, req, path }) => {
  await apps.deleteApp({ ctx, userId: requireUserId(req), appId: path.appId });
  return { data: null, message: 'App deleted' };
});

export const listPublicApps = handler<ListPublicAppsData, ListPublicAppsResponse>(async ({ ctx, query }) => ({
  data: await publicApps({ ctx, page: query?.page ?? 1, limit: query?.limit ?? 20, search: query?.search }),
}));
