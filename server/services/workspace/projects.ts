// Projects (spec 003 sections 3 and 7): the caller's own, those shared with them, one project
// with the caller's role, its settings, and deleting it with what it holds.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import type { Project, ProjectCreateInput, ProjectInput } from '../../../generated/client/types.gen';
import { UNCATEGORIZED, WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import type { ProjectRole } from '../../../rules/workspace-roles';
import { escapeRegex } from '../developer/escape-regex';
import { users } from '../accounts/users';
import { findProjectFor, requireProjectAction } from './access';
import { assets, projectPermissions, projects, widgetPermissions, widgets } from './model';
import type { ProjectDoc } from './model';
import { planFeaturesOf } from './plan-features';

export const UNCATEGORIZED_NAME = 'Uncategorized Widgets';
export const PLAN_LIMIT = 'planLimit';
export const PROJECT_LIMIT_MESSAGE = "You have reached your plan's number of projects. Please upgrade to add more.";

/** The project as the screens read it: active collaborators for the avatar stack, widget count, caller's role. */
export async function toProject({ ctx, project, role }: { ctx: AppContext; project: ProjectDoc; role: ProjectRole }): Promise<Project> {
  const [members, totalComponents] = await Promise.all([
    projectPermissions(ctx).find({ projectId: project._id, status: 'active' }, { sort: { created: 1 } }),
    widgets(ctx).count({ projectId: project._id }),
  ]);
  const ids = members.flatMap((member) => (member.userId ? [member.userId] : []));
  const accounts = ids.length ? await users(ctx).find({ _id: { $in: ids } }) : [];
  const [domain] = project.domains;
  // The stored record as it is (the answer's projection keeps what Project declares), then what is computed.
  return {
    ...project,
    projectId: project._id,
    thumbnail: project.thumbnail || undefined,
    domain: domain || undefined,
    users: accounts.map((account) => ({ fullName: account.fullName, ...(account.thumbnail ? { thumbnail: account.thumbnail } : {}) })),
    totalComponents,
    userProjectRole: role,
  };
}

const NAME_REQUIRED = 'Project name is required';

/** The trimmed name; blank is refused like a missing one. */
function projectName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ValidationError(NAME_REQUIRED, { name: NAME_REQUIRED });
  return trimmed;
}

const nameFilter = (search?: string) => {
  const term = search?.trim();
  return term ? { name: { $regex: escapeRegex(term), $options: 'i' } } : {};
};

export async function listProjects({ ctx, userId, search }: { ctx: AppContext; userId: string; search?: string }): Promise<Project[]> {
  const owned = await projects(ctx).find({ ownerId: userId, ...nameFilter(search) }, { sort: { name: 1 } });
  return Promise.all(owned.map((project) => toProject({ ctx, project, role: 'owner' })));
}

export async function listSharedProjects({ ctx, userId, search }: { ctx: AppContext; userId: string; search?: string }): Promise<Project[]> {
  const held = await projectPermissions(ctx).find({ userId, status: 'active' });
  if (!held.length) return [];
  const found = await projects(ctx).find({ _id: { $in: held.map((p) => p.projectId) }, ...nameFilter(search) }, { sort: { name: 1 } });
  const roleOf = new Map(held.map((p) => [p.projectId, p.role]));
  return Promise.all(found.map((project) => toProject({ ctx, project, role: roleOf.get(project._id) ?? 'viewer' })));
}

export async function createProject({ ctx, userId, input }: { ctx: AppContext; userId: string; input: ProjectCreateInput }): Promise<Project> {
  const name = projectName(input.name);
  const [owned, features] = await Promise.all([projects(ctx).count({ ownerId: userId }), planFeaturesOf({ ctx, userId })]);
  if (owned >= features.websites) throw new ForbiddenError(PROJECT_LIMIT_MESSAGE, PLAN_LIMIT);
  const now = ctx.now().toISOString();
  // Every declared property as sent (the body holds only what ProjectCreateInput declares), then the server's own.
  const project = await projects(ctx).insertOne({ ...input, _id: randomUUID(), ownerId: userId, name, domains: [], created: now, updated: now });
  return toProject({ ctx, project, role: 'owner' });
}

/** The caller's uncategorized widgets as a project, so the in-project pages work for them too. */
async function uncategorizedProject({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<Project> {
  return {
    projectId: UNCATEGORIZED,
    name: UNCATEGORIZED_NAME,
    domains: [],
    users: [],
    totalComponents: await widgets(ctx).count({ ownerId: userId, projectId: null }),
    userProjectRole: 'owner',
  };
}

export async function getProject({ ctx, userId, projectId }: { ctx: AppContext; userId: string; projectId: string }): Promise<Project> {
  if (projectId === UNCATEGORIZED) return uncategorizedProject({ ctx, userId });
  return toProject({ ctx, ...(await findProjectFor({ ctx, userId, projectId })) });
}

export async function updateProject({ ctx, userId, projectId, input }: { ctx: AppContext; userId: string; projectId: string; input: ProjectInput }): Promise<Project> {
  const { project, role } = await requireProjectAction({ ctx, userId, projectId, action: 'editProjectSettings' });
  const name = projectName(input.name);
  // The domain is stored as the first of `domains`, an empty thumbnail removes it; the rest as sent.
  const { domain: sentDomain, thumbnail: sentThumbnail, ...declared } = input;
  const domain = sentDomain?.trim();
  const thumbnail = sentThumbnail?.trim();
  const domains = sentDomain === undefined ? project.domains : [...(domain ? [domain] : []), ...project.domains.slice(1)];
  const saved = await projects(ctx).findOneAndUpdate(
    { _id: project._id },
    {
      $set: { ...declared, name, domains, updated: ctx.now().toISOString(), ...(thumbnail ? { thumbnail } : {}) },
      ...(thumbnail === '' ? { $unset: { thumbnail: '' as const } } : {}),
    },
  );
  if (!saved) throw new NotFoundError(WORKSPACE_MESSAGES.projectNotFound);
  return toProject({ ctx, project: saved, role });
}

/**
 * Deletes the project, its widgets and their collaborators, and the project's permissions; its
 * media stay with the owner as uncategorized media (files may be used outside the project).
 */
export async function deleteProject({ ctx, userId, projectId }: { ctx: AppContext; userId: string; projectId: string }): Promise<void> {
  const { project } = await requireProjectAction({ ctx, userId, projectId, action: 'deleteProject', denial: WORKSPACE_MESSAGES.notAuthorized });
  const held = await widgets(ctx).find({ projectId: project._id });
  if (held.length) await widgetPermissions(ctx).deleteMany({ widgetId: { $in: held.map((w) => w._id) } });
  await widgets(ctx).deleteMany({ projectId: project._id });
  await projectPermissions(ctx).deleteMany({ projectId: project._id });
  await assets(ctx).updateMany({ projectId: project._id }, { $set: { projectId: null } });
  await projects(ctx).deleteOne({ _id: project._id });
}
