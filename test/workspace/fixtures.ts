// The shared cast of the workspace tests: one account per identity of the role table (signed
// in once per file, that is the slow part) and cheap projects built straight in the store, each
// with an owner, an active admin, editor and viewer, and a widget with an active collaborator.
// A fresh project per test keeps destructive operations (deletes) from touching the next one.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Agent } from '../helpers/accounts';
import { mailedToken, signedInUser } from '../helpers/accounts';
import type { TestApp } from '../helpers/test-app';
import { findUserByEmail } from '../../server/services/accounts/users';
import { assets, projectPermissions, projects, widgetPermissions, widgets } from '../../server/services/workspace/model';
import type { WidgetCollaboratorRole } from '../../rules/workspace-roles';

export const IDENTITIES = ['anonymous', 'stranger', 'viewer', 'editor', 'admin', 'owner', 'widgetCollaborator'] as const;
export type Identity = (typeof IDENTITIES)[number];
type Member = Exclude<Identity, 'anonymous'>;
const MEMBERS: readonly Member[] = ['stranger', 'viewer', 'editor', 'admin', 'owner', 'widgetCollaborator'];

export const emailOf = (identity: Member): string => `${identity.toLowerCase()}@workspace.test`;

export interface WorkspaceCast {
  agents: Record<Identity, Agent>;
  userIds: Record<Member, string>;
}

/** Signs up and signs in one account per identity; anonymous is an agent with no session. */
export async function workspaceCast(t: TestApp): Promise<WorkspaceCast> {
  const agents = { anonymous: request.agent(t.app) } as Record<Identity, Agent>;
  const userIds = {} as Record<Member, string>;
  for (const member of MEMBERS) {
    agents[member] = await signedInUser({ t, email: emailOf(member) });
    const user = await findUserByEmail({ ctx: t.ctx, email: emailOf(member) });
    if (!user) throw new Error(`no account for ${member}`);
    userIds[member] = user._id;
  }
  return { agents, userIds };
}

/** A new account that confirmed its email through the mailed link, and an agent signed in to it. */
export async function confirmedUser({ t, email }: { t: TestApp; email: string }): Promise<Agent> {
  const agent = await signedInUser({ t, email });
  const token = await mailedToken({ ctx: t.ctx, to: email.toLowerCase(), kind: 'confirm' });
  const confirmed = await agent.post(`/api/user/emailConfirmation/${token}`);
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return agent;
}

export interface WorkspaceProject {
  projectId: string;
  /** The widget in the project ("guid" and "componentId" in the spec's calls). */
  guid: string;
  /** Project permission ids of the members, by role. */
  permissionIds: Record<'viewer' | 'editor' | 'admin', string>;
  /** The widget collaborator's widget permission. */
  widgetPermissionId: string;
  /** An image asset of the project, uploaded by the owner (its record only: no stored bytes). */
  assetGuid: string;
}

/** A new project of the cast's owner with its members, and a widget with a collaborator. */
export async function workspaceProject({
  t,
  cast,
  widgetCollaboratorRole = 'editor',
}: {
  t: TestApp;
  cast: WorkspaceCast;
  widgetCollaboratorRole?: WidgetCollaboratorRole;
}): Promise<WorkspaceProject> {
  const now = t.ctx.now().toISOString();
  const { userIds } = cast;
  const projectId = randomUUID();
  await projects(t.ctx).insertOne({ _id: projectId, ownerId: userIds.owner, name: 'Team site', domains: ['team.example.com'], created: now, updated: now });
  const permissionIds = { viewer: randomUUID(), editor: randomUUID(), admin: randomUUID() };
  for (const role of ['viewer', 'editor', 'admin'] as const) {
    await projectPermissions(t.ctx).insertOne({
      _id: permissionIds[role],
      projectId,
      role,
      status: 'active',
      email: emailOf(role),
      userId: userIds[role],
      invitedBy: userIds.owner,
      created: now,
      updated: now,
    });
  }
  const guid = randomUUID();
  await widgets(t.ctx).insertOne({ _id: guid, ownerId: userIds.owner, projectId, name: 'Pricing table', type: 'pricing', settings: {}, views: 0, created: now, updated: now });
  const widgetPermissionId = randomUUID();
  await widgetPermissions(t.ctx).insertOne({
    _id: widgetPermissionId,
    widgetId: guid,
    role: widgetCollaboratorRole,
    status: 'active',
    email: emailOf('widgetCollaborator'),
    userId: userIds.widgetCollaborator,
    invitedBy: userIds.owner,
    created: now,
    updated: now,
  });
  const assetGuid = randomUUID();
  await assets(t.ctx).insertOne({
    _id: assetGuid,
    ownerId: userIds.owner,
    projectId,
    bytesOwnerId: userIds.owner,
    name: 'logo.png',
    assetType: 'image',
    mimeType: 'image/png',
    size: 0,
    blobKey: `assets/${assetGuid}`,
    created: now,
    updated: now,
  });
  return { projectId, guid, permissionIds, widgetPermissionId, assetGuid };
}

/** A pending project invitation and a pending widget invitation, never mailed, on the project. */
export async function pendingInvitations({ t, project }: { t: TestApp; project: WorkspaceProject }): Promise<{ projectInvite: string; widgetInvite: string }> {
  const now = t.ctx.now().toISOString();
  const pending = { status: 'pending' as const, email: 'pending@workspace.test', invitedBy: project.projectId, created: now, updated: now };
  const projectInvite = randomUUID();
  const widgetInvite = randomUUID();
  await projectPermissions(t.ctx).insertOne({ _id: projectInvite, projectId: project.projectId, role: 'viewer', ...pending });
  await widgetPermissions(t.ctx).insertOne({ _id: widgetInvite, widgetId: project.guid, role: 'viewer', ...pending });
  return { projectInvite, widgetInvite };
}
