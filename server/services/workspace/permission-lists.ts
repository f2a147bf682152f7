// The collaborator lists (a project's permissions, a widget's collaborators) on the shared list
// machinery (lists/paging.ts): `search` matches the email or the name, `sort` is one of the
// columns the screens show, checked like every list's sort (lists/list-query.ts).
import type { AppContext } from '../../context';
import type { Collection, Filter, Page, SortSpec } from '../../storage/port';
import { escapeRegex } from '../developer/escape-regex';
import { findPage } from '../lists/paging';
import { parseSort } from '../lists/list-query';
import type { ProjectPermissionDoc, WidgetPermissionDoc } from './model';

export const PERMISSION_SORT_FIELDS = ['email', 'name', 'role', 'status', 'created'] as const;

export interface PermissionListQuery {
  page: number;
  limit: number;
  /** JSON {"<field>": 1|-1} on PERMISSION_SORT_FIELDS. */
  sort?: string;
  search?: string;
}

const searched = (search?: string): Filter => {
  const term = search?.trim();
  if (!term) return {};
  const pattern = { $regex: escapeRegex(term), $options: 'i' };
  return { $or: [{ email: pattern }, { name: pattern }] };
};

export async function findPermissionPage<T extends ProjectPermissionDoc | WidgetPermissionDoc>({
  ctx,
  name,
  collection,
  scope,
  query,
  defaultSort,
}: {
  ctx: AppContext;
  name: string;
  collection: Collection<T>;
  /** The project's or widget's id, written last by findPage so the search cannot widen it. */
  scope: Filter;
  query: PermissionListQuery;
  defaultSort: SortSpec;
}): Promise<Page<T>> {
  const sort = parseSort({ text: query.sort, fields: PERMISSION_SORT_FIELDS, defaultSort });
  const found = await findPage({ ctx, name, collection, scope, filter: searched(query.search), sort, page: query.page, limit: query.limit });
  return { ...found, pages: Math.max(1, found.pages) };
}
