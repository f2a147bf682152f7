// Who may act on a declared resource's records, from its declared scope, on the server:
// - user: the records the signed-in user created;
// - project: the records of a project, by the caller's project role (spec 003 ranks);
// - app: the records of an app the caller develops.
// A caller who cannot reach the scope gets the same 404 as a missing id (a missing parent: the
// parent's 404); a project member whose role is too low gets the 403 of the workspace.
import type { AppContext } from '../context';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { findProjectFor } from '../services/workspace/access';
import { findOwnedApp } from '../services/developer/owned-app';
import { PROJECT_ROLE_RANK, WORKSPACE_MESSAGES } from '../../rules/workspace-roles';
import type { ResourceAction, ResourceDeclaration } from '../../rules/resource-declaration';
import { SCOPE_FIELD, SCOPE_PARAMETER } from '../../rules/resource-declaration';

/** The stored fields every record of the caller's scope has: the filter of every read and write. */
export async function scopeFilter({ ctx, resource, userId, path, action }: { ctx: AppContext; resource: ResourceDeclaration; userId: string; path: Record<string, string>; action: ResourceAction }): Promise<Record<string, string>> {
  const field = SCOPE_FIELD[resource.scope];
  if (resource.scope === 'user') return { [field]: userId };
  const id = path[SCOPE_PARAMETER[resource.scope] ?? ''] ?? '';
  if (resource.scope === 'app') {
    await findOwnedApp({ ctx, userId, appId: id });
    return { [field]: id };
  }
  const { role } = await findProjectFor({ ctx, userId, projectId: id });
  if (PROJECT_ROLE_RANK[role] < PROJECT_ROLE_RANK[resource.roles[action]]) throw new ForbiddenError(WORKSPACE_MESSAGES.notPermitted);
  return { [field]: id };
}

/** The parent record the path names, in the caller's scope: its id, or the parent's 404. */
export async function checkParent({ ctx, resource, scope, path }: { ctx: AppContext; resource: ResourceDeclaration; scope: Record<string, string>; path: Record<string, string> }): Promise<string | undefined> {
  const parent = resource.parent;
  if (!parent) return undefined;
  const id = path[parent.parameter] ?? '';
  if (!(await ctx.store.collection(parent.collection).findOne({ _id: id, ...scope }))) throw new NotFoundError(parent.notFound);
  return id;
}
