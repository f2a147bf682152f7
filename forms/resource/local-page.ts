// A list that answers every record at once (ListOperation.clientSide) paged, sorted and
// searched in the browser, with the same rules the server applies to paged lists: the search
// a case-insensitive substring (or equality on an exact column), the sort by value.
import type { ListSort } from './list-query';

export type LocalQuery = { page: number; limit: number; sort?: ListSort; search?: { field: string; text: string; exact?: boolean } };

const valueOf = (row: unknown, field: string): unknown => (typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[field] : undefined);

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function matches(value: unknown, { text, exact }: { text: string; exact?: boolean }): boolean {
  if (value === undefined || value === null) return false;
  return exact ? String(value) === text : String(value).toLowerCase().includes(text.toLowerCase());
}

/** One page of `rows` and how many rows the search left. */
export function pageLocally<Row>({ rows, query }: { rows: ReadonlyArray<Row>; query: LocalQuery }): { docs: Row[]; total: number } {
  const { page, limit, sort, search } = query;
  const text = search?.text.trim() ?? '';
  const found = search && text ? rows.filter((row) => matches(valueOf(row, search.field), { text, exact: search.exact })) : [...rows];
  if (sort) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    found.sort((a, b) => sign * compare(valueOf(a, sort.field), valueOf(b, sort.field)));
  }
  return { docs: found.slice((page - 1) * limit, page * limit), total: found.length };
}
