// The widget lists: a project's widgets (or the caller's uncategorized ones) and the widgets
// shared with the caller as a collaborator. Newest update first, searched by name, filtered by type.
import type { AppContext } from '../../../context';
import type { Filter } from '../../../storage/port';
import type { WidgetPage } from '../../../../generated/client/types.gen';
import { UNCATEGORIZED } from '../../../../rules/workspace-roles';
import { escapeRegex } from '../../developer/escape-regex';
import { findProjectFor } from '../access';
import { widgetPermissions, widgets } from '../model';
import { toWidgetRows, viewLimitOf } from './rows';
import { widgetTypes } from './widget-types';

export interface WidgetListQuery {
  page: number;
  limit: number;
  search?: string;
  type?: string;
}

const narrowed = ({ filter, search, type }: { filter: Filter } & Pick<WidgetListQuery, 'search' | 'type'>): Filter => {
  const term = search?.trim();
  return {
    ...filter,
    ...(term ? { name: { $regex: escapeRegex(term), $options: 'i' } } : {}),
    ...(type ? { type } : {}),
  };
};

async function pageOf({ ctx, filter, query }: { ctx: AppContext; filter: Filter; query: WidgetListQuery }) {
  const { page, limit } = query;
  const where = narrowed({ filter, search: query.search, type: query.type });
  const [docs, total, types] = await Promise.all([
    widgets(ctx).find(where, { sort: { updated: -1 }, skip: (page - 1) * limit, limit }),
    widgets(ctx).count(where),
    widgetTypes({ ctx }),
  ]);
  return { docs, total, page, pages: Math.max(1, Math.ceil(total / limit)), limit, types };
}

export async function listProjectWidgets({
  ctx,
  userId,
  projectId,
  query,
}: {
  ctx: AppContext;
  userId: string;
  projectId: string;
  query: WidgetListQuery;
}): Promise<WidgetPage> {
  const uncategorized = projectId === UNCATEGORIZED;
  const { project, role } = uncategorized
    ? { project: null, role: 'owner' as const }
    : await findProjectFor({ ctx, userId, projectId });
  const filter = project ? { projectId: project._id } : { ownerId: userId, projectId: null };
  const [found, viewLimit] = await Promise.all([
    pageOf({ ctx, filter, query }),
    viewLimitOf({ ctx, ownerId: project?.ownerId ?? userId }),
  ]);
  return { ...found, role, viewLimit, docs: await toWidgetRows({ ctx, docs: found.docs, roleOf: () => role }) };
}

export async function listSharedWidgets({ ctx, userId, query }: { ctx: AppContext; userId: string; query: WidgetListQuery }): Promise<WidgetPage> {
  const permissions = await widgetPermissions(ctx).find({ userId, status: 'active' });
  const roleOf = new Map(permissions.map((permission) => [permission.widgetId, permission.role]));
  const found = await pageOf({ ctx, filter: { _id: { $in: [...roleOf.keys()] } }, query });
  return { ...found, docs: await toWidgetRows({ ctx, docs: found.docs, roleOf: (doc) => roleOf.get(doc._id) ?? 'viewer' }) };
}
