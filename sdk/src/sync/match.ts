// The part of the API's filter grammar the local copy can answer offline: equality, $eq, $ne,
// $gt, $gte, $lt, $lte, $in, $nin, $exists, $and, $or. Anything else (a $regex, a text search)
// is `undefined`: not answerable here, so an offline list says so instead of guessing.
import type { NindoDocument, Query, Sort } from '../collection.ts';

type Comparable = string | number | boolean;

const isComparable = (value: unknown): value is Comparable => ['string', 'number', 'boolean'].includes(typeof value);

function compare(a: unknown, b: unknown): number | undefined {
  if (!isComparable(a) || !isComparable(b) || typeof a !== typeof b) return undefined;
  return a < b ? -1 : a > b ? 1 : 0;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b) || (Array.isArray(a) && a.some((item) => same(item, b)));

const isOperators = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => key.startsWith('$'));

function operator(name: string, actual: unknown, expected: unknown): boolean | undefined {
  const order = compare(actual, expected);
  switch (name) {
    case '$eq':
      return same(actual, expected);
    case '$ne':
      return !same(actual, expected);
    case '$gt':
      return order === undefined ? false : order > 0;
    case '$gte':
      return order === undefined ? false : order >= 0;
    case '$lt':
      return order === undefined ? false : order < 0;
    case '$lte':
      return order === undefined ? false : order <= 0;
    case '$in':
      return Array.isArray(expected) ? expected.some((item) => same(actual, item)) : undefined;
    case '$nin':
      return Array.isArray(expected) ? !expected.some((item) => same(actual, item)) : undefined;
    case '$exists':
      return (actual !== undefined) === Boolean(expected);
    default:
      return undefined;
  }
}

const all = (results: Array<boolean | undefined>): boolean | undefined => (results.includes(false) ? false : results.includes(undefined) ? undefined : true);
const any = (results: Array<boolean | undefined>): boolean | undefined => (results.includes(true) ? true : results.includes(undefined) ? undefined : false);

/** Whether `doc` matches `query`; undefined when the query uses what this cannot judge. */
export function matches(doc: NindoDocument, query: Query = {}): boolean | undefined {
  return all(
    Object.entries(query).map(([key, expected]) => {
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(expected)) return undefined;
        const parts = expected.map((part: Query) => matches(doc, part));
        return key === '$and' ? all(parts) : any(parts);
      }
      if (key.startsWith('$')) return undefined;
      const actual = doc[key];
      return isOperators(expected) ? all(Object.entries(expected).map(([name, value]) => operator(name, actual, value))) : same(actual, expected);
    }),
  );
}

/** The API's order: the sort's fields, then `_id` in the last key's direction (default newest first). */
export function sorted(docs: NindoDocument[], sort: Sort = { _created: -1 }): NindoDocument[] {
  const keys = Object.entries(sort);
  const last = keys.at(-1)?.[1] ?? -1;
  return [...docs].sort((a, b) => {
    for (const [field, direction] of [...keys, ['_id', last] as const]) {
      const order = compare(a[field], b[field]) ?? 0;
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}
