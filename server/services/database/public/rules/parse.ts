// A filter rule as the owner types it: JSON in the storage grammar (server/storage/filter.ts) on
// the collection's fields and the system ones, where the text "@caller" stands for the calling
// app user. Checked whole when saved, naming the first problem; read again (parsed, not checked
// against the fields) each time it runs, from a small memo.
import { queryLimitProblem } from '../../../../../rules/input-limits';
import { parseFilter } from '../../../../storage/filter';
import type { FieldOp, FilterNode } from '../../../../storage/filter';
import { InvalidQueryError } from '../../../../storage/port';
import type { Filter, Json } from '../../../../storage/port';
import type { CollectionDoc } from '../../model';
import { typeDef } from '../../validate-document';

export const CALLER_VARIABLE = '@caller';
export const RULE_SYSTEM_FIELDS = ['_id', '_created', '_updated', '_owner'];

/** Thrown with the one-line reason; the caller names the rule. */
export class RuleProblem extends Error {}

function parsedJson(text: string): Filter {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RuleProblem('the filter is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RuleProblem('the filter must be a JSON object');
  return value as Filter;
}

function grammar(filter: Filter): FilterNode {
  try {
    return parseFilter(filter);
  } catch (err) {
    if (err instanceof InvalidQueryError) throw new RuleProblem(err.message);
    throw err;
  }
}

const valuesOf = (op: FieldOp): Json[] => {
  if ('values' in op) return op.values;
  if ('ops' in op) return op.ops.flatMap(valuesOf);
  return 'value' in op && op.op !== '$exists' ? [op.value] : [];
};

const variablesIn = (value: Json): string[] => {
  if (typeof value === 'string') return value.startsWith('@') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(variablesIn);
  return value !== null && typeof value === 'object' ? Object.values(value).flatMap(variablesIn) : [];
};

function checkNode({ node, fields }: { node: FilterNode; fields: ReadonlySet<string> }): void {
  if (node.kind !== 'field') {
    for (const item of node.items) checkNode({ node: item, fields });
    return;
  }
  if (!fields.has(node.segments[0])) throw new RuleProblem(`unknown field ${node.path}`);
  const unknown = node.ops.flatMap(valuesOf).flatMap(variablesIn).find((name) => name !== CALLER_VARIABLE);
  if (unknown !== undefined) throw new RuleProblem(`unknown variable ${unknown} (only ${CALLER_VARIABLE})`);
}

/** The names a rule may test: every field but passwords (hashes), and the system fields. */
export const ruleFields = (collection: Pick<CollectionDoc, 'attributes'>): Set<string> =>
  new Set([...RULE_SYSTEM_FIELDS, ...collection.attributes.filter((field) => !typeDef(field).writeOnly).map((field) => field.name)]);

/** The whole check of a saved rule: JSON, the bounds a list's query has, the grammar, fields and variables. */
export function checkRuleFilter({ collection, text }: { collection: Pick<CollectionDoc, 'attributes'>; text: string }): void {
  const filter = parsedJson(text);
  const problem = queryLimitProblem(filter);
  if (problem) throw new RuleProblem(problem);
  checkNode({ node: grammar(filter), fields: ruleFields(collection) });
}

const MEMO_SIZE = 1000;
const memo = new Map<string, Filter | null>();

/** A saved rule's filter, or null when it no longer parses (it then matches nothing). */
export function ruleFilterOf(text: string): Filter | null {
  let filter = memo.get(text);
  if (filter === undefined) {
    try {
      filter = parsedJson(text);
      grammar(filter);
    } catch {
      filter = null;
    }
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
    memo.set(text, filter);
  }
  return filter;
}

/** The filter with every "@caller" replaced by the caller's id ('' for a caller with none, which no _owner holds). */
export function boundTo(value: unknown, callerId: string): unknown {
  if (value === CALLER_VARIABLE) return callerId;
  if (Array.isArray(value)) return value.map((item) => boundTo(item, callerId));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, boundTo(item, callerId)]));
  return value;
}
