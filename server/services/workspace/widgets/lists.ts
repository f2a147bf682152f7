// The widget lists: a project's widgets (or the caller's uncategorized ones) and the widgets
// shared with the caller as a collaborator. Newest update first, searched by name, filtered by type.
import type { AppContext } from '../../../context';
import type { Filter } from '../../../storage/port';
import type { WidgetPage } from '../../../../generated/client/types.gen';
import { UNCATEGORIZED } from '../../../../rules/workspace-roles';
import { escapeRegex } from '../../developer/escape-regex';
import { findPage } from '../../lists/paging';
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

const narrowed = ({ search, type }: Pick<WidgetListQuery, 'search' | 'type'>): Filter => {
  const term = search?.trim();
  return {
    ...(term ? { name: { $regex: escapeRegex(term), $options: 'i' } } : {}),
    ...(type ? { type } : {}),
  };
};

/** `scope` is whose widgets (a project, the caller's uncategorized ones, those shared with them). */
async function pageOf({ ctx, scope, query }: { ctx: AppContext; scope: Filter; query: WidgetListQuery }) {
  const [found, types] = await Promise.all([
    // Totals above a thousand are kept a few seconds (lists/count-cache.ts): a search of a large project counts once.
    findPage({ ctx, name: 'widgets', collection: widgets(ctx), scope, filter: narrowed(query), sort: { updated: -1 }, page: query.page, limit: query.limit }),
    widgetTypes({ ctx }),
  ]);
  return { ...found, pages: Math.max(1, found.pages), types };
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
    pageOf({ ctx, scope: filter, query }),
    viewLimitOf({ ctx, ownerId: project?.ownerId ?? userId }),
  ]);
  return { ...found, role, viewLimit, docs: await toWidgetRows({ ctx, docs: found.docs, roleOf: () => role }) };
}

export async function listSharedWidgets({ ctx, userId, query }: { ctx: AppContext; userId: string; query: WidgetListQuery }): Promise<WidgetPage> {
  const permissions = await widgetPermissions(ctx).find({ userId, status: 'active' });
  const roleOf = new Map(permissions.map((permission) => [permission.widgetId, permission.role]));
  const found = await pageOf({ ctx, scope: { _id: { $in: [...roleOf.keys()] } }, query });
  return { ...found, docs: await toWidgetRows({ ctx, docs: found.docs, roleOf: (doc) => roleOf.get(doc._id) ?? 'viewer' }) };
}
