// A list call's query as a storage filter and sort: the scope, each declared filter field's
// equality, a search across the declared search fields (a case-insensitive literal, its
// length bounded by the document), the declared default order unless a sort field is asked.
import type { Filter, SortSpec } from '../storage/port';
import { escapeRegex } from '../services/developer/escape-regex';
import type { ResourceDeclaration } from '../../rules/resource-declaration';

export interface ListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sort?: string;
  [field: string]: unknown;
}

export function listFilter({ resource, scope, query }: { resource: ResourceDeclaration; scope: Record<string, string>; query: ListQuery }): Filter {
  const conditions: Filter[] = [scope];
  for (const field of resource.filter) if (query[field] !== undefined) conditions.push({ [field]: query[field] });
  const term = query.search?.trim();
  if (term && resource.search.length > 0) conditions.push({ $or: resource.search.map((field) => ({ [field]: { $regex: escapeRegex(term), $options: 'i' } })) });
  return conditions.length === 1 ? scope : { $and: conditions };
}

/** The asked order, else the declared default (`-created`: newest first); ties keep a stable order across pages. */
export function listSort({ query, fallback }: { query: ListQuery; fallback: string }): SortSpec {
  const asked = query.sort ?? fallback;
  const field = asked.replace(/^-/, '');
  const direction = asked.startsWith('-') ? -1 : 1;
  return { [field]: direction, _id: query.sort ? 1 : direction };
}
