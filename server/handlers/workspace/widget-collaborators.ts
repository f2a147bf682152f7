import type {
  AddWidgetPermissionData,
  AddWidgetPermissionResponse,
  ApproveWidgetInvitationData,
  ApproveWidgetInvitationResponse,
  DeleteWidgetInvitationData,
  DeleteWidgetInvitationResponse,
  DeleteWidgetPermissionData,
  DeleteWidgetPermissionResponse,
  GetWidgetInvitationData,
  GetWidgetInvitationResponse,
  ListWidgetPermissionsData,
  ListWidgetPermissionsResponse,
  SendWidgetInvitationData,
  SendWidgetInvitationResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { INVITATION_SENT_AGAIN } from '../../services/workspace/invitation-tokens';
import * as collaborators from '../../services/workspace/widgets/collaborators';

export const listWidgetPermissions = handler<ListWidgetPermissionsData, ListWidgetPermissionsResponse>(async ({ ctx, req, path, query }) => ({
  data: await collaborators.listWidgetPermissions({
    ctx,
    userId: requireUserId(req),
    guid: path.guid,
    query: { page: query?.page ?? 1, limit: query?.limit ?? 10, sort: query?.sort, search: query?.search },
  }),
}));

export const addWidgetPermission = handler<AddWidgetPermissionData, AddWidgetPermissionResponse>(async ({ ctx, req, path, body }) => ({
  data: await collaborators.addWidgetPermission({ ctx, userId: requireUserId(req), guid: path.guid, input: body }),
  message: 'Collaborator invited',
  status: 201,
}));

export const deleteWidgetPermission = handler<DeleteWidgetPermissionData, DeleteWidgetPermissionResponse>(async ({ ctx, req, path }) => {
  await collaborators.deleteWidgetPermission({ ctx, userId: requireUserId(req), guid: path.guid, permissionId: path.permissionId });
  return { data: null, message: 'Collaborator removed' };
});

export const sendWidgetInvitation = handler<SendWidgetInvitationData, SendWidgetInvitationResponse>(async ({ ctx, req, body }) => {
  const { resent } = await collaborators.sendWidgetInvitation({ ctx, userId: requireUserId(req), permissionId: body.permissionId });
  return { data: null, message: resent ? INVITATION_SENT_AGAIN : 'Invitation sent' };
});

export const deleteWidgetInvitation = handler<DeleteWidgetInvitationData, DeleteWidgetInvitationResponse>(async ({ ctx, req, body }) => {
  await collaborators.deleteWidgetInvitation({ ctx, userId: requireUserId(req), permissionId: body.permissionId });
  return { data: null, message: 'Invitation deleted' };
});

export const getWidgetInvitation = handler<GetWidgetInvitationData, GetWidgetInvitationResponse>(async ({ ctx, path }) => ({
  data: await collaborators.describeWidgetInvitation({ ctx, token: path.token }),
}));

export const approveWidgetInvitation = handler<ApproveWidgetInvitationData, ApproveWidgetInvitationResponse>(async ({ ctx, req, path }) => {
  const widget = await collaborators.approveWidgetInvitation({ ctx, userId: requireUserId(req), token: path.token });
  return { data: widget, message: `You now have access to the widget ${widget.name}.` };
});
