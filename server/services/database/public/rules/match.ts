// One stored document tested against a parsed filter in memory, as the engines read the grammar
// (MongoDB's semantics, which the SQLite compiler follows): a list matches when the list itself or
// any item does, null matches a missing value, comparisons hold only between values of one type.
import { compilePattern } from '../../../../storage/pattern';
import type { FieldOp, FilterNode } from '../../../../storage/filter';
import type { Json } from '../../../../storage/port';

function valueAt(doc: unknown, segments: string[]): unknown {
  let value = doc;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const candidates = (value: unknown): unknown[] => (Array.isArray(value) ? [value, ...value] : [value]);

const equal = (a: unknown, b: Json): boolean => {
  if (b === null) return a === null || a === undefined;
  return typeof b === 'object' ? JSON.stringify(a) === JSON.stringify(b) : a === b;
};

function ordered(op: '$gt' | '$gte' | '$lt' | '$lte', a: unknown, b: Json): boolean {
  if (!((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))) return false;
  if (op === '$gt') return a > b;
  if (op === '$gte') return a >= b;
  return op === '$lt' ? a < b : a <= b;
}

function matchOp(op: FieldOp, value: unknown): boolean {
  const some = (test: (candidate: unknown) => boolean): boolean => candidates(value).some(test);
  switch (op.op) {
    case '$eq':
      return some((c) => equal(c, op.value));
    case '$ne':
      return !some((c) => equal(c, op.value));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return some((c) => ordered(op.op as '$gt', c, op.value));
    case '$in':
      return op.values.some((v) => some((c) => equal(c, v)));
    case '$nin':
      return !op.values.some((v) => some((c) => equal(c, v)));
    case '$exists':
      return (value !== undefined) === op.value;
    case '$regex': {
      const pattern = compilePattern({ source: op.source, ignoreCase: op.ignoreCase });
      return some((c) => typeof c === 'string' && pattern.test(c));
    }
    case '$not':
      return !op.ops.every((inner) => matchOp(inner, value));
  }
}

export function nodeMatches(node: FilterNode, doc: unknown): boolean {
  if (node.kind !== 'field') return node.kind === 'and' ? node.items.every((item) => nodeMatches(item, doc)) : node.items.some((item) => nodeMatches(item, doc));
  const value = valueAt(doc, node.segments);
  return node.ops.every((op) => matchOp(op, value));
}
