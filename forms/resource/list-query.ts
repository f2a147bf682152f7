// What a resource list asks the server for (spec 001 sections 4, 7 and 9): `page`, `limit`,
// and `query` and `sort` as JSON strings, e.g. query={"accountEmail":{"$regex":"ann","$options":"i"}}
// and sort={"created":-1}.

export type SortDirection = 'asc' | 'desc';
export type ListSort = { field: string; direction: SortDirection };

/** A header click goes none -> ascending -> descending -> ascending... (never back to none). */
export const SORT_CYCLE: ReadonlyArray<SortDirection> = ['asc', 'desc'];

export const PAGE_SIZES: ReadonlyArray<number> = [5, 10, 20, 50, 100];

/** Search waits this long after the last key press. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListParams = { page: number; limit: number; query?: string; sort?: string };

/** `a.b*` -> `a\.b\*`: the typed text is matched literally inside the regex. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function toSortParam(sort: ListSort): string {
  return JSON.stringify({ [sort.field]: sort.direction === 'asc' ? 1 : -1 });
}

/** The filter for the typed text: a case-insensitive regex, or equality on an exact field (ids). */
export function toSearchParam({ field, text, exact = false }: { field: string; text: string; exact?: boolean }): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return JSON.stringify({ [field]: exact ? trimmed : { $regex: escapeRegex(trimmed), $options: 'i' } });
}

export function toListParams({ page, limit, sort, search }: { page: number; limit: number; sort?: ListSort; search?: { field: string; text: string; exact?: boolean } }): ListParams {
  const query = search ? toSearchParam(search) : undefined;
  return { page, limit, ...(query ? { query } : {}), ...(sort ? { sort: toSortParam(sort) } : {}) };
}
