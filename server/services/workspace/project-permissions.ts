// A project's collaborators (spec 003 sections 5 and 7): the Permissions page's list, Add User
// (a pending permission within the plan's collaborators), role changes, removal, the mailed
// invitation and its approval.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import type { Project, ProjectPermission, ProjectPermissionInput, ProjectPermissionPage, ProjectPermissionRoleInput } from '../../../generated/client/types.gen';
import { WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import { findUserById, normalizeEmail } from '../accounts/users';
import { sendMail } from '../mail/send-mail';
import { appUrl, invitationMail } from '../mail/templates';
import { asMissing, findProjectFor, requireProjectAction } from './access';
import { approveInvitation, describeInvitation } from './invitation-approval';
import { issueInvitationToken } from './invitation-tokens';
import { projectPermissions } from './model';
import { findPermissionPage } from './permission-lists';
import type { PermissionListQuery } from './permission-lists';
import type { ProjectPermissionDoc } from './model';
import { planFeaturesOf } from './plan-features';
import { PLAN_LIMIT, toProject } from './projects';

export const COLLABORATOR_LIMIT_MESSAGE = "You have reached your plan's number of collaborators. Please upgrade to add more.";
export const ALREADY_INVITED = 'This email is already invited to the project';
const INVITATION_NOT_FOUND = 'Invitation not found';
const PERMISSION_NOT_FOUND = 'Permission not found';
// A light shape check: the mailed link is what proves the address.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The stored record as it is (the answer's projection keeps what ProjectPermission declares, never the token), then what is computed.
const toPermission = (doc: ProjectPermissionDoc): ProjectPermission => ({
  ...doc,
  permissionId: doc._id,
  userDetails: { email: doc.email, ...(doc.name ? { name: doc.name } : {}) },
});

/** Managing collaborators is the owner's ('Not authorized' for everyone else in the project). */
const requireOwner = ({ ctx, userId, projectId }: { ctx: AppContext; userId: string; projectId: string }) =>
  requireProjectAction({ ctx, userId, projectId, action: 'addProjectUser', denial: WORKSPACE_MESSAGES.notAuthorized });

export async function listProjectPermissions({ ctx, userId, projectId, query }: { ctx: AppContext; userId: string; projectId: string; query: PermissionListQuery }): Promise<ProjectPermissionPage> {
  const { project } = await requireProjectAction({ ctx, userId, projectId, action: 'viewProjectPermissions' });
  const found = await findPermissionPage({ ctx, name: 'projectPermissions', collection: projectPermissions(ctx), scope: { projectId: project._id }, query, defaultSort: { created: -1 } });
  return { ...found, docs: found.docs.map(toPermission) };
}

export async function addProjectPermission({ ctx, userId, projectId, input }: { ctx: AppContext; userId: string; projectId: string; input: ProjectPermissionInput }): Promise<ProjectPermission> {
  const { project } = await requireOwner({ ctx, userId, projectId });
  const email = normalizeEmail(input.email ?? '');
  if (!email) throw new ValidationError(WORKSPACE_MESSAGES.emailRequired, { email: WORKSPACE_MESSAGES.emailRequired });
  if (!EMAIL_SHAPE.test(email)) throw new ValidationError('Email must be a valid email', { email: 'Email must be a valid email' });
  if (!input.permission) throw new ValidationError(WORKSPACE_MESSAGES.permissionRequired, { permission: WORKSPACE_MESSAGES.permissionRequired });
  const owner = await findUserById({ ctx, id: project.ownerId });
  if (owner?.email === email || (await projectPermissions(ctx).findOne({ projectId: project._id, email }))) {
    throw new ConflictError(ALREADY_INVITED, { email: ALREADY_INVITED });
  }
  const [collaborators, features] = await Promise.all([projectPermissions(ctx).count({ projectId: project._id }), planFeaturesOf({ ctx, userId: project.ownerId })]);
  if (collaborators >= features.collaborators) throw new ForbiddenError(COLLABORATOR_LIMIT_MESSAGE, PLAN_LIMIT);
  const now = ctx.now().toISOString();
  // Every declared property as sent (the body holds only what ProjectPermissionInput declares); `permission` is stored as the role.
  const { permission: _permission, ...declared } = input;
  const doc = await projectPermissions(ctx).insertOne({ ...declared, _id: randomUUID(), projectId: project._id, role: input.permission, status: 'pending', email, invitedBy: userId, created: now, updated: now });
  return toPermission(doc);
}

async function ownedPermission({ ctx, userId, projectId, permissionId }: { ctx: AppContext; userId: string; projectId: string; permissionId: string }): Promise<ProjectPermissionDoc> {
  const { project } = await requireOwner({ ctx, userId, projectId });
  const permission = await projectPermissions(ctx).findOne({ _id: permissionId, projectId: project._id });
  if (!permission) throw new NotFoundError(PERMISSION_NOT_FOUND);
  return permission;
}

export async function updateProjectPermission({
  ctx,
  userId,
  projectId,
  permissionId,
  input,
}: {
  ctx: AppContext;
  userId: string;
  projectId: string;
  permissionId: string;
  input: ProjectPermissionRoleInput;
}): Promise<ProjectPermission> {
  const permission = await ownedPermission({ ctx, userId, projectId, permissionId });
  const saved = await projectPermissions(ctx).findOneAndUpdate({ _id: permission._id }, { $set: { ...input, updated: ctx.now().toISOString() } });
  if (!saved) throw new NotFoundError(PERMISSION_NOT_FOUND);
  return toPermission(saved);
}

export async function deleteProjectPermission({ ctx, userId, projectId, permissionId }: { ctx: AppContext; userId: string; projectId: string; permissionId: string }): Promise<void> {
  const permission = await ownedPermission({ ctx, userId, projectId, permissionId });
  await projectPermissions(ctx).deleteOne({ _id: permission._id });
}

/**
 * Mails the pending permission a new single-use link (the previous one stops working); true when
 * it had been mailed before (Resend invite). At most once a minute per invitation (429).
 */
export async function inviteProjectUser({ ctx, userId, permissionId, email }: { ctx: AppContext; userId: string; permissionId: string; email?: string }): Promise<{ resent: boolean }> {
  const permission = await projectPermissions(ctx).findOne({ _id: permissionId, status: 'pending' });
  if (!permission) throw new NotFoundError(INVITATION_NOT_FOUND);
  const { project } = await asMissing({ check: requireOwner({ ctx, userId, projectId: permission.projectId }), message: INVITATION_NOT_FOUND });
  // Checked once the caller is known to be the owner: a stranger must not learn whom an id invites.
  if (email !== undefined && normalizeEmail(email) !== permission.email) throw new NotFoundError(INVITATION_NOT_FOUND);
  const token = await issueInvitationToken({ ctx, collection: projectPermissions(ctx), permission });
  const inviter = await findUserById({ ctx, id: userId });
  const link = appUrl({ ctx, path: `/project/invitation/${token}` });
  await sendMail({ ctx, to: permission.email, ...invitationMail({ ctx, inviterName: inviter?.fullName ?? 'A teammate', targetName: project.name, kind: 'project', link }) });
  return { resent: permission.mailedAt !== undefined };
}

/** Whom a project invitation link invites (its page, signed out: log in or sign up with the address filled in). */
export const describeProjectInvitation = ({ ctx, token }: { ctx: AppContext; token: string }) =>
  describeInvitation({ ctx, collection: projectPermissions(ctx), token });

export async function approveProjectInvitation({ ctx, userId, token }: { ctx: AppContext; userId: string; token: string }): Promise<Project> {
  const { invitation, account } = await approveInvitation({ ctx, collection: projectPermissions(ctx), token, userId });
  await projectPermissions(ctx).updateOne({ _id: invitation._id }, { $set: { name: account.fullName } });
  return toProject({ ctx, ...(await findProjectFor({ ctx, userId, projectId: invitation.projectId })) });
}
