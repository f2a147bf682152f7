// Collaborators of one widget (spec 003 sections 5 and 7): invited by email as a pending
// permission, mailed a single-use link, active once the invited account approves it.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../../http/errors';
import { DuplicateKeyError } from '../../../storage/port';
import type { WidgetPermission, WidgetPermissionPage } from '../../../../generated/client/types.gen';
import { DEFAULT_WIDGET_COLLABORATOR_ROLE } from '../../../../rules/workspace-roles';
import type { WidgetCollaboratorRole } from '../../../../rules/workspace-roles';
import { findUserById, normalizeEmail } from '../../accounts/users';
import { sendMail } from '../../mail/send-mail';
import { appUrl, invitationMail } from '../../mail/templates';
import { asMissing, requireWidgetAction } from '../access';
import { approveInvitation, describeInvitation, INVITATION_INVALID } from '../invitation-approval';
import { issueInvitationToken } from '../invitation-tokens';
import { widgetPermissions, widgets } from '../model';
import { findPermissionPage } from '../permission-lists';
import type { PermissionListQuery } from '../permission-lists';
import type { WidgetPermissionDoc } from '../model';

export const COLLABORATOR_MESSAGES = {
  permissionNotFound: 'Permission not found',
  alreadyInvited: 'This email was already invited to this widget',
  alreadyAccepted: 'This invitation was already accepted',
  wrongWidget: 'componentId does not name this widget',
} as const;

// The token's hash and mailing time stay on the server.
export const toWidgetPermission = ({ tokenHash: _hash, tokenExpires: _expires, mailedAt: _mailed, ...doc }: WidgetPermissionDoc): WidgetPermission => ({
  ...doc,
  guid: doc._id,
  permissionId: doc._id,
  userDetails: { email: doc.email, name: doc.name },
});

const manage = ({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }) =>
  requireWidgetAction({ ctx, userId, guid, action: 'manageWidgetCollaborators' });

export async function listWidgetPermissions({ ctx, userId, guid, query }: { ctx: AppContext; userId: string; guid: string; query: PermissionListQuery }): Promise<WidgetPermissionPage> {
  const { widget } = await manage({ ctx, userId, guid });
  const found = await findPermissionPage({ ctx, name: 'widgetPermissions', collection: widgetPermissions(ctx), scope: { widgetId: widget._id }, query, defaultSort: { created: 1 } });
  return { ...found, docs: found.docs.map(toWidgetPermission) };
}

export async function addWidgetPermission({
  ctx,
  userId,
  guid,
  input,
}: {
  ctx: AppContext;
  userId: string;
  guid: string;
  input: { componentId?: string; userDetails: { email: string; name?: string }; role?: WidgetCollaboratorRole };
}): Promise<WidgetPermission> {
  const { widget } = await manage({ ctx, userId, guid });
  if (input.componentId !== undefined && input.componentId !== widget._id) {
    throw new ValidationError(COLLABORATOR_MESSAGES.wrongWidget, { componentId: COLLABORATOR_MESSAGES.wrongWidget });
  }
  const now = ctx.now().toISOString();
  const name = input.userDetails.name?.trim();
  // Every declared property as sent (the body holds only what WidgetPermissionInput declares), then the rules of the named ones.
  const { componentId: _componentId, userDetails: _userDetails, ...declared } = input;
  try {
    const doc = await widgetPermissions(ctx).insertOne({
      ...declared,
      _id: randomUUID(),
      widgetId: widget._id,
      email: normalizeEmail(input.userDetails.email),
      ...(name ? { name } : {}),
      role: input.role ?? DEFAULT_WIDGET_COLLABORATOR_ROLE,
      status: 'pending',
      invitedBy: userId,
      created: now,
      updated: now,
    });
    return toWidgetPermission(doc);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw new ConflictError(COLLABORATOR_MESSAGES.alreadyInvited, { 'userDetails.email': COLLABORATOR_MESSAGES.alreadyInvited });
    throw err;
  }
}

/** The permission and the widget it belongs to, if the caller may manage that widget's collaborators. */
async function managedPermission({ ctx, userId, permissionId }: { ctx: AppContext; userId: string; permissionId: string }) {
  const permission = await widgetPermissions(ctx).findOne({ _id: permissionId });
  if (!permission) throw new NotFoundError(COLLABORATOR_MESSAGES.permissionNotFound);
  const { widget } = await asMissing({ check: manage({ ctx, userId, guid: permission.widgetId }), message: COLLABORATOR_MESSAGES.permissionNotFound });
  return { permission, widget };
}

export async function deleteWidgetPermission({
  ctx,
  userId,
  guid,
  permissionId,
}: {
  ctx: AppContext;
  userId: string;
  guid: string;
  permissionId: string;
}): Promise<void> {
  const { widget } = await manage({ ctx, userId, guid });
  const deleted = await widgetPermissions(ctx).deleteOne({ _id: permissionId, widgetId: widget._id });
  if (!deleted) throw new NotFoundError(COLLABORATOR_MESSAGES.permissionNotFound);
}

/** Mails a fresh link (the earlier one stops working); true when mailed before (Resend invite). At most once a minute (429). */
export async function sendWidgetInvitation({ ctx, userId, permissionId }: { ctx: AppContext; userId: string; permissionId: string }): Promise<{ resent: boolean }> {
  const { permission, widget } = await managedPermission({ ctx, userId, permissionId });
  if (permission.status !== 'pending') throw new ConflictError(COLLABORATOR_MESSAGES.alreadyAccepted);
  const token = await issueInvitationToken({ ctx, collection: widgetPermissions(ctx), permission });
  const inviter = await findUserById({ ctx, id: userId });
  const link = appUrl({ ctx, path: `/invitation/${token}` });
  await sendMail({ ctx, to: permission.email, ...invitationMail({ ctx, inviterName: inviter?.fullName ?? 'A teammate', targetName: widget.name, kind: 'widget', link }) });
  return { resent: permission.mailedAt !== undefined };
}

export async function deleteWidgetInvitation({ ctx, userId, permissionId }: { ctx: AppContext; userId: string; permissionId: string }): Promise<void> {
  const { permission } = await managedPermission({ ctx, userId, permissionId });
  if (permission.status !== 'pending') throw new ConflictError(COLLABORATOR_MESSAGES.alreadyAccepted);
  await widgetPermissions(ctx).deleteOne({ _id: permission._id, status: 'pending' });
}

/** Whom a widget invitation link invites (its page, signed out: log in or sign up with the address filled in). */
export const describeWidgetInvitation = ({ ctx, token }: { ctx: AppContext; token: string }) =>
  describeInvitation({ ctx, collection: widgetPermissions(ctx), token });

/** The widget now shared with the approving account. */
export async function approveWidgetInvitation({ ctx, userId, token }: { ctx: AppContext; userId: string; token: string }): Promise<{ componentId: string; name: string }> {
  const { invitation } = await approveInvitation({ ctx, collection: widgetPermissions(ctx), token, userId });
  const widget = await widgets(ctx).findOne({ _id: invitation.widgetId });
  if (!widget) throw new ValidationError(INVITATION_INVALID);
  return { componentId: widget._id, name: widget.name };
}
