// The lists' `query` and `sort` parameters: JSON-encoded, checked against the storage filter
// allow-list and restricted to the fields the listed records declare, so neither an operator
// outside the grammar nor an internal field (installId, appUserId...) can be asked for.
// Shared by the app-users lists and the database's document lists.
import { queryLimitProblem } from '../../../rules/input-limits';
import { ValidationError } from '../../http/errors';
import { parseFilter } from '../../storage/filter';
import type { FilterNode } from '../../storage/filter';
import { InvalidQueryError } from '../../storage/port';
import type { Filter, SortSpec } from '../../storage/port';

export interface ListFields {
  /** Field names as answered (`id` is stored as `_id`). */
  fields: readonly string[];
  defaultSort: SortSpec;
}

/** The scalar properties a response schema declares, less the computed ones. */
export function declaredFields({ schema, computed = [] }: { schema: { properties: Record<string, unknown> }; computed?: string[] }): string[] {
  return Object.entries(schema.properties)
    .filter(([name, prop]) => !computed.includes(name) && !isListOrObject(prop))
    .map(([name]) => name);
}

const isListOrObject = (prop: unknown): boolean => {
  const type = (prop as { type?: unknown }).type;
  return type === 'array' || type === 'object';
};

const stored = (field: string): string => (field === 'id' ? '_id' : field);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson({ text, param }: { text: string; param: 'query' | 'sort' }): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid({ param, problem: 'is not valid JSON' });
  }
  if (!isPlainObject(value)) throw invalid({ param, problem: 'must be a JSON object' });
  return value;
}

const invalid = ({ param, problem }: { param: 'query' | 'sort'; problem: string }): ValidationError => {
  const message = `The ${param} ${problem}`;
  return new ValidationError(message, { [`query.${param}`]: message });
};

function fieldPaths(node: FilterNode): string[] {
  return node.kind === 'field' ? [node.path] : node.items.flatMap(fieldPaths);
}

/** Renames `id` to `_id` wherever it is a field name, keeping operators as they are. */
function toStoredNames(filter: Record<string, unknown>): Filter {
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) =>
      key === '$and' || key === '$or' ? [key, (value as Record<string, unknown>[]).map(toStoredNames)] : [stored(key), value],
    ),
  );
}

/** A query as parsed JSON within the bounds every list and subscription holds it to (rules/input-limits.ts). */
export function checkQueryLimits(filter: unknown): void {
  const problem = queryLimitProblem(filter);
  if (problem) throw invalid({ param: 'query', problem: `is not allowed: ${problem}` });
}

export function parseQuery({ text, fields }: { text?: string; fields: readonly string[] }): Filter {
  if (text === undefined || text.trim() === '') return {};
  const filter = parseJson({ text, param: 'query' });
  checkQueryLimits(filter);
  let tree: FilterNode | null;
  try {
    tree = Object.keys(filter).length === 0 ? null : parseFilter(filter);
  } catch (err) {
    if (err instanceof InvalidQueryError) throw invalid({ param: 'query', problem: `is not allowed: ${err.message}` });
    throw err;
  }
  const unknown = tree ? fieldPaths(tree).filter((path) => !fields.includes(path)) : [];
  if (unknown.length > 0) throw invalid({ param: 'query', problem: `uses a field that cannot be searched: ${unknown[0]}` });
  return toStoredNames(filter);
}

export function parseSort({ text, fields, defaultSort }: { text?: string } & ListFields): SortSpec {
  if (text === undefined || text.trim() === '') return defaultSort;
  const spec = parseJson({ text, param: 'sort' });
  const entries = Object.entries(spec);
  if (entries.length === 0) return defaultSort;
  const sort: SortSpec = {};
  for (const [field, direction] of entries) {
    if (!fields.includes(field)) throw invalid({ param: 'sort', problem: `uses a field that cannot be sorted on: ${field}` });
    if (direction !== 1 && direction !== -1) throw invalid({ param: 'sort', problem: `direction of ${field} must be 1 or -1` });
    sort[stored(field)] = direction;
  }
  return sort;
}
