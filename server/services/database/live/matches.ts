// Whether one document matches a subscription's query, in memory, as the engines would answer it
// (MongoDB's rules: a list field matches when one of its items does, comparisons only between
// values of one type, a missing field equals null). The query was checked by the public API's own
// checks (parseQuery, checkDeclaredQuery) when the subscription was set.
import { parseFilter } from '../../../storage/filter';
import type { FieldOp, FilterNode } from '../../../storage/filter';
import { compilePattern } from '../../../storage/pattern';
import type { Filter, Json } from '../../../storage/port';

export type Matcher = (doc: Record<string, unknown>) => boolean;

const valueAt = (doc: Record<string, unknown>, segments: string[]): unknown =>
  segments.reduce<unknown>((value, segment) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined), doc);

const same = (a: unknown, b: Json): boolean => (a === undefined ? b === null : JSON.stringify(a) === JSON.stringify(b));

/** The value itself and, for a list, each item: what MongoDB tests an operator on. */
const candidates = (value: unknown): unknown[] => (Array.isArray(value) ? [value, ...value] : [value]);

function compare(a: unknown, op: '$gt' | '$gte' | '$lt' | '$lte', b: Json): boolean {
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false;
  const x = a as number | string;
  const y = b as number | string;
  if (op === '$gt') return x > y;
  if (op === '$gte') return x >= y;
  if (op === '$lt') return x < y;
  return x <= y;
}

function opMatches(value: unknown, op: FieldOp): boolean {
  switch (op.op) {
    case '$eq':
      return candidates(value).some((v) => same(v, op.value));
    case '$ne':
      return !candidates(value).some((v) => same(v, op.value));
    case '$in':
      return op.values.some((wanted) => candidates(value).some((v) => same(v, wanted)));
    case '$nin':
      return !op.values.some((wanted) => candidates(value).some((v) => same(v, wanted)));
    case '$exists':
      return (value !== undefined) === op.value;
    case '$regex': {
      const pattern = compilePattern({ source: op.source, ignoreCase: op.ignoreCase });
      return candidates(value).some((v) => typeof v === 'string' && pattern.test(v));
    }
    case '$not':
      return !op.ops.every((inner) => opMatches(value, inner));
    default:
      return candidates(value).some((v) => compare(v, op.op as '$gt' | '$gte' | '$lt' | '$lte', op.value));
  }
}

function nodeMatches(node: FilterNode, doc: Record<string, unknown>): boolean {
  if (node.kind !== 'field') return node.kind === 'and' ? node.items.every((item) => nodeMatches(item, doc)) : node.items.some((item) => nodeMatches(item, doc));
  const value = valueAt(doc, node.segments);
  return node.ops.every((op) => opMatches(value, op));
}

/** The filter compiled once per subscription; an empty filter matches everything. */
export function matcherOf(filter: Filter): Matcher {
  if (Object.keys(filter).length === 0) return () => true;
  const tree = parseFilter(filter);
  return (doc) => nodeMatches(tree, doc);
}
