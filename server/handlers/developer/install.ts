import type {
  ApproveAppInstallData,
  ApproveAppInstallResponse,
  DenyAppInstallData,
  DenyAppInstallResponse,
  GetAppInstallInfoData,
  GetAppInstallInfoResponse,
  UninstallAppData,
  UninstallAppResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { approveInstall, denyInstall, getInstallInfo } from '../../services/developer/install/consent';
import { uninstall } from '../../services/developer/install/installation';

export const getAppInstallInfo = handler<GetAppInstallInfoData, GetAppInstallInfoResponse>(async ({ ctx, req, path }) => ({
  data: await getInstallInfo({ ctx, userId: requireUserId(req), appId: path.appId }),
}));

export const approveAppInstall = handler<ApproveAppInstallData, ApproveAppInstallResponse>(async ({ ctx, req, path, body }) => ({
  data: { redirectUrl: await approveInstall({ ctx, userId: requireUserId(req), appId: path.appId, state: body?.state }) },
  message: 'App installed',
}));

export const denyAppInstall = handler<DenyAppInstallData, DenyAppInstallResponse>(async ({ ctx, req, path, body }) => ({
  data: { redirectUrl: await denyInstall({ ctx, userId: requireUserId(req), appId: path.appId, state: body?.state }) },
}));

export const uninstallApp = handler<UninstallAppData, UninstallAppResponse>(async ({ ctx, req, path }) => {
  await uninstall({ ctx, userId: requireUserId(req), appId: path.appId });
  return { data: null, message: 'App uninstalled' };
});
