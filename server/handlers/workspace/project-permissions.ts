import type {
  AddProjectPermissionData,
  AddProjectPermissionResponse,
  ApproveProjectInvitationData,
  ApproveProjectInvitationResponse,
  DeleteProjectPermissionData,
  DeleteProjectPermissionResponse,
  GetProjectInvitationData,
  GetProjectInvitationResponse,
  InviteProjectUserData,
  InviteProjectUserResponse,
  ListProjectPermissionsData,
  ListProjectPermissionsResponse,
  UpdateProjectPermissionData,
  UpdateProjectPermissionResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { INVITATION_SENT_AGAIN } from '../../services/workspace/invitation-tokens';
import * as permissions from '../../services/workspace/project-permissions';

const PERMISSIONS_PAGE_SIZE = 10;

export const listProjectPermissions = handler<ListProjectPermissionsData, ListProjectPermissionsResponse>(async ({ ctx, req, path, query }) => ({
  data: await permissions.listProjectPermissions({
    ctx,
    userId: requireUserId(req),
    projectId: path.projectId,
    query: { page: query?.page ?? 1, limit: query?.limit ?? PERMISSIONS_PAGE_SIZE, sort: query?.sort, search: query?.search },
  }),
}));

export const addProjectPermission = handler<AddProjectPermissionData, AddProjectPermissionResponse>(async ({ ctx, req, path, body }) => ({
  data: await permissions.addProjectPermission({ ctx, userId: requireUserId(req), projectId: path.projectId, input: body }),
  message: 'User added',
  status: 201,
}));

export const updateProjectPermission = handler<UpdateProjectPermissionData, UpdateProjectPermissionResponse>(async ({ ctx, req, path, body }) => ({
  data: await permissions.updateProjectPermission({ ctx, userId: requireUserId(req), projectId: path.projectId, permissionId: path.permissionId, input: body }),
  message: 'Permission updated',
}));

export const deleteProjectPermission = handler<DeleteProjectPermissionData, DeleteProjectPermissionResponse>(async ({ ctx, req, path }) => {
  await permissions.deleteProjectPermission({ ctx, userId: requireUserId(req), projectId: path.projectId, permissionId: path.permissionId });
  return { data: null, message: 'User removed' };
});

export const inviteProjectUser = handler<InviteProjectUserData, InviteProjectUserResponse>(async ({ ctx, req, body }) => {
  const { resent } = await permissions.inviteProjectUser({ ctx, userId: requireUserId(req), permissionId: body.permissionId, email: body.email });
  return { data: null, message: resent ? INVITATION_SENT_AGAIN : 'Invitation sent' };
});

export const getProjectInvitation = handler<GetProjectInvitationData, GetProjectInvitationResponse>(async ({ ctx, path }) => ({
  data: await permissions.describeProjectInvitation({ ctx, token: path.token }),
}));

export const approveProjectInvitation = handler<ApproveProjectInvitationData, ApproveProjectInvitationResponse>(async ({ ctx, req, path }) => {
  const project = await permissions.approveProjectInvitation({ ctx, userId: requireUserId(req), token: path.token });
  return { data: project, message: `You joined ${project.name}.` };
});
