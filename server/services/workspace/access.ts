// Who may do what in the workspace (spec 003 section 6), decided on the server for every call.
// A caller with no role at all gets the same 404 as for a missing record, so ids leak nothing;
// a member whose rank is too low gets 403 with the spec's wording.
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { canDo, UNCATEGORIZED, WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import type { ProjectRole, WidgetCollaboratorRole, WorkspaceAction } from '../../../rules/workspace-roles';
import { projectPermissions, projects, widgetPermissions, widgets } from './model';
import type { ProjectDoc, WidgetDoc } from './model';

/** The caller's role in a project: owner, an active project permission, or null. */
export async function projectRole({ ctx, userId, project }: { ctx: AppContext; userId: string; project: ProjectDoc }): Promise<ProjectRole | null> {
  if (project.ownerId === userId) return 'owner';
  const permission = await projectPermissions(ctx).findOne({ projectId: project._id, userId, status: 'active' });
  return permission?.role ?? null;
}

/** The project and the caller's role, or 'Project not found' when the caller has none. */
export async function findProjectFor({ ctx, userId, projectId }: { ctx: AppContext; userId: string; projectId: string }): Promise<{ project: ProjectDoc; role: ProjectRole }> {
  const project = projectId === UNCATEGORIZED ? null : await projects(ctx).findOne({ _id: projectId });
  const role = project ? await projectRole({ ctx, userId, project }) : null;
  if (!project || !role) throw new NotFoundError(WORKSPACE_MESSAGES.projectNotFound);
  return { project, role };
}

/**
 * Runs an access check on a record found through another id (an invitation's project, a
 * permission's widget): a caller who cannot reach it gets that id's own 404, exactly as if the
 * id did not exist, so probing ids tells nothing.
 */
export async function asMissing<T>({ check, message }: { check: Promise<T>; message: string }): Promise<T> {
  try {
    return await check;
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError(message);
    throw err;
  }
}

export async function requireProjectAction({
  ctx,
  userId,
  projectId,
  action,
  denial = WORKSPACE_MESSAGES.notPermitted,
}: {
  ctx: AppContext;
  userId: string;
  projectId: string;
  action: WorkspaceAction;
  denial?: string;
}): Promise<{ project: ProjectDoc; role: ProjectRole }> {
  const found = await findProjectFor({ ctx, userId, projectId });
  if (!canDo({ role: found.role, action })) throw new ForbiddenError(denial);
  return found;
}

export interface WidgetAccess {
  widget: WidgetDoc;
  /** The caller's role through the widget's project; the owner of an uncategorized widget is its owner. */
  projectRole: ProjectRole | null;
  /** The caller's role as a collaborator on this widget alone. */
  collaboratorRole: WidgetCollaboratorRole | null;
}

/** The widget and how the caller reaches it, or 'Widget not found' when they cannot. */
export async function findWidgetFor({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<WidgetAccess> {
  const widget = await widgets(ctx).findOne({ _id: guid });
  if (!widget) throw new NotFoundError(WORKSPACE_MESSAGES.widgetNotFound);
  let role: ProjectRole | null = widget.ownerId === userId ? 'owner' : null;
  if (!role && widget.projectId) {
    const project = await projects(ctx).findOne({ _id: widget.projectId });
    role = project ? await projectRole({ ctx, userId, project }) : null;
  }
  const permission = role ? null : await widgetPermissions(ctx).findOne({ widgetId: widget._id, userId, status: 'active' });
  if (!role && !permission) throw new NotFoundError(WORKSPACE_MESSAGES.widgetNotFound);
  return { widget, projectRole: role, collaboratorRole: permission?.role ?? null };
}

/**
 * A widget collaborator acts on that widget alone with the rank of the same-named project role
 * (an analyst reads like a viewer and also sees analytics).
 */
export function widgetRank(access: WidgetAccess): ProjectRole | null {
  if (access.projectRole) return access.projectRole;
  if (access.collaboratorRole === 'editor') return 'editor';
  return access.collaboratorRole ? 'viewer' : null;
}

export async function requireWidgetAction({
  ctx,
  userId,
  guid,
  action,
}: {
  ctx: AppContext;
  userId: string;
  guid: string;
  action: WorkspaceAction;
}): Promise<WidgetAccess> {
  const access = await findWidgetFor({ ctx, userId, guid });
  checkWidgetAction({ access, action });
  return access;
}

/** requireWidgetAction for a widget already found: one read serves every action a call needs. */
export function checkWidgetAction({ access, action }: { access: WidgetAccess; action: WorkspaceAction }): void {
  if (!canDo({ role: widgetRank(access), action })) throw new ForbiddenError(WORKSPACE_MESSAGES.notPermitted);
}
