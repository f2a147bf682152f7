// The collaborator tables' query (project permissions, widget collaborators): the spec's page and
// limit, `search` as typed (the server matches email or name) and the header's sort as
// {"<field>":1|-1}, a column renamed to the field the server sorts (`columnFields`).
import type { ListSort } from '../../../../forms/resource/list-query';
import { toSortParam } from '../../../../forms/resource/list-query';

export const collaboratorListParams =
  (columnFields: Record<string, string> = {}) =>
  ({ page, limit, search, sort }: { page: number; limit: number; search: string; sort?: ListSort }) => ({
    page,
    limit,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(sort ? { sort: toSortParam({ ...sort, field: columnFields[sort.field] ?? sort.field }) } : {}),
  });
