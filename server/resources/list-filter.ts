// A list call's query as a storage filter and sort: the scope, each declared filter field's
// equality, a search across the declared search fields (a case-insensitive literal, its
// length bounded by the document), newest first unless a declared sort field is asked.
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

export function listSort({ query }: { query: ListQuery }): SortSpec {
  const asked = query.sort;
  if (!asked) return { created: -1, _id: -1 };
  const field = asked.replace(/^-/, '');
  // Ties keep a stable order across pages.
  return { [field]: asked.startsWith('-') ? -1 : 1, _id: 1 };
}
