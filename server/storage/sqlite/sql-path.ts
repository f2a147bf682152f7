// JSON path literals and array-path discovery shared by the filter, sort and index SQL.
import { InvalidQueryError } from '../port';
import { fieldSegments } from '../filter';

/** '$."a"."b"' for a.b; segments are validated (no quotes), so the literal is safe in SQL. */
export const jsonPathLiteral = (segments: string[]): string => `$${segments.map((s) => `."${s}"`).join('')}`;

/** The SQL expression for a field: the _id column, or the json_extract that indexes and sorts share. */
export function columnOrJsonPath(field: string): string {
  const segments = fieldSegments(field);
  if (field === '_id') return '_id';
  return `json_extract(doc, '${jsonPathLiteral(segments)}')`;
}

/** Dotted paths (array positions removed) at which the value holds an array. */
export function arrayPathsOf(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    if (prefix) out.add(prefix);
    for (const item of value) arrayPathsOf(item, prefix, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) arrayPathsOf(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The quoted table of a collection; names are restricted so they cannot clash with SQLite's or ours. */
export function tableName(collection: string): string {
  if (!COLLECTION_NAME.test(collection) || collection.toLowerCase().startsWith('sqlite_')) {
    throw new InvalidQueryError(`Invalid collection name "${collection}"`);
  }
  return `"${collection}"`;
}
