// The filter grammar: validates a MongoDB-style filter against the allow-list and
// parses it into a small tree that engines compile (SQLite) or pass on (MongoDB).
import { InvalidQueryError } from './port';
import type { Doc, Filter, FindOptions, Json } from './port';
import { compilePattern } from './pattern';

export type ComparisonOp = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte';

export type FieldOp =
  | { op: ComparisonOp; value: Json }
  | { op: '$in' | '$nin'; values: Json[] }
  | { op: '$exists'; value: boolean }
  | { op: '$regex'; source: string; ignoreCase: boolean }
  | { op: '$not'; ops: FieldOp[] };

export type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'field'; path: string; segments: string[]; ops: FieldOp[] };

const COMPARISONS = new Set<string>(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);
export const FIELD_OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$options', '$not'];
export const LOGICAL_OPERATORS = ['$and', '$or'];

// By tag, not prototype: objects may come from another realm (jest's vm context).
const tag = (v: unknown): string => Object.prototype.toString.call(v);
const isPlainObject = (v: unknown): v is Record<string, unknown> => tag(v) === '[object Object]';
const isRegExp = (v: unknown): v is RegExp => tag(v) === '[object RegExp]';

const describe = (v: unknown): string => (tag(v) === '[object Date]' ? 'a Date (store dates as ISO strings)' : typeof v);

/** Checks that a value is plain JSON (no Dates, functions, $-keys...) and returns it typed. */
export function toJson(value: unknown, where: string): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidQueryError(`${where}: numbers must be finite`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => toJson(v, `${where}[${i}]`));
  if (isPlainObject(value)) {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('$')) throw new InvalidQueryError(`${where}: unsupported operator ${k}`);
      if (v !== undefined) out[k] = toJson(v, `${where}.${k}`);
    }
    return out;
  }
  throw new InvalidQueryError(`${where}: unsupported value of type ${describe(value)}`);
}

/** Splits and checks a dotted field path; segments must be non-empty and free of $ and quotes. */
export function fieldSegments(path: string): string[] {
  const segments = path.split('.');
  for (const s of segments) {
    if (s === '' || s.startsWith('$') || /["'\\]/.test(s) || [...s].some((ch) => ch.charCodeAt(0) < 0x20)) {
      throw new InvalidQueryError(`Invalid field path "${path}"`);
    }
  }
  return segments;
}

function regexOp(pattern: unknown, options: unknown, path: string): FieldOp {
  let source: string;
  let flags: string;
  if (isRegExp(pattern)) {
    if (options !== undefined) throw new InvalidQueryError(`${path}: $options cannot be combined with a RegExp value`);
    source = pattern.source;
    flags = pattern.flags;
  } else if (typeof pattern === 'string') {
    if (options !== undefined && typeof options !== 'string') throw new InvalidQueryError(`${path}: $options must be a string`);
    source = pattern;
    flags = options ?? '';
  } else {
    throw new InvalidQueryError(`${path}: $regex takes a string or a RegExp`);
  }
  if (flags !== '' && flags !== 'i') throw new InvalidQueryError(`${path}: unsupported $regex option(s) "${flags}" (only "i")`);
  // SQLite's full-text queries (the contains index) end a string at NUL and MongoDB refuses it in a
  // pattern, so a pattern holding one would fail on the server; `\x00` matches it on both.
  if (source.includes('\u0000')) throw new InvalidQueryError(`${path}: $regex cannot hold the NUL character (U+0000); write \\x00 to match it`);
  compilePattern({ source, ignoreCase: flags === 'i', path });
  return { op: '$regex', source, ignoreCase: flags === 'i' };
}

function comparable(value: unknown, op: string, path: string): Json {
  const json = toJson(value, `${path}.${op}`);
  if (op !== '$eq' && op !== '$ne' && typeof json === 'object' && json !== null) {
    throw new InvalidQueryError(`${path}: ${op} takes a number, string, boolean or null`);
  }
  return json;
}

function parseOperators(spec: Record<string, unknown>, path: string): FieldOp[] {
  const ops: FieldOp[] = [];
  for (const [op, value] of Object.entries(spec)) {
    if (COMPARISONS.has(op)) ops.push({ op: op as ComparisonOp, value: comparable(value, op, path) });
    else if (op === '$in' || op === '$nin') {
      if (!Array.isArray(value)) throw new InvalidQueryError(`${path}: ${op} takes an array`);
      ops.push({ op, values: value.map((v, i) => toJson(v, `${path}.${op}[${i}]`)) });
    } else if (op === '$exists') {
      if (typeof value !== 'boolean') throw new InvalidQueryError(`${path}: $exists takes true or false`);
      ops.push({ op, value });
    } else if (op === '$regex') ops.push(regexOp(value, spec.$options, path));
    else if (op === '$options') {
      if (!('$regex' in spec)) throw new InvalidQueryError(`${path}: $options needs $regex`);
    } else if (op === '$not') {
      if (isRegExp(value)) ops.push({ op, ops: [regexOp(value, undefined, path)] });
      else if (isPlainObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((k) => k.startsWith('$'))) {
        ops.push({ op, ops: parseOperators(value, path) });
      } else throw new InvalidQueryError(`${path}: $not takes an operator object or a RegExp`);
    } else throw new InvalidQueryError(`Unsupported query operator ${op} (on "${path}")`);
  }
  return ops;
}

function parseField(path: string, value: unknown): FilterNode {
  const segments = fieldSegments(path);
  if (isRegExp(value)) return { kind: 'field', path, segments, ops: [regexOp(value, undefined, path)] };
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    const dollar = keys.filter((k) => k.startsWith('$'));
    if (dollar.length > 0) {
      if (dollar.length !== keys.length) throw new InvalidQueryError(`${path}: cannot mix operators and fields`);
      return { kind: 'field', path, segments, ops: parseOperators(value, path) };
    }
  }
  if (value === undefined) throw new InvalidQueryError(`${path}: value is undefined`);
  return { kind: 'field', path, segments, ops: [{ op: '$eq', value: toJson(value, path) }] };
}

/** Validates a filter and returns its tree; throws InvalidQueryError naming the offending part. */
export function parseFilter(filter: Filter): FilterNode {
  if (!isPlainObject(filter)) throw new InvalidQueryError('A filter must be a plain object');
  const items: FilterNode[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0) throw new InvalidQueryError(`${key} takes a non-empty array of filters`);
      items.push({ kind: key === '$and' ? 'and' : 'or', items: value.map((f) => parseFilter(f as Filter)) });
    } else if (key.startsWith('$')) {
      throw new InvalidQueryError(`Unsupported query operator ${key}`);
    } else items.push(parseField(key, value));
  }
  return items.length === 1 ? items[0] : { kind: 'and', items };
}

const opUsesPattern = (op: FieldOp): boolean => op.op === '$regex' || (op.op === '$not' && op.ops.some(opUsesPattern));

/** Whether any part of the filter tests a $regex (which no index serves on SQLite). */
export function usesPattern(node: FilterNode): boolean {
  return node.kind === 'field' ? node.ops.some(opUsesPattern) : node.items.some(usesPattern);
}

/** Equality parts of a filter (implicit equality, $eq, nested $and): the seed of an upsert. */
export function equalityFields(node: FilterNode): Record<string, Json> {
  const out: Record<string, Json> = {};
  if (node.kind === 'and') for (const item of node.items) Object.assign(out, equalityFields(item));
  if (node.kind === 'field') {
    for (const op of node.ops) if (op.op === '$eq') out[node.path] = op.value;
  }
  return out;
}

/** Checks skip and limit (non-negative integers; limit 0 means no limit) and returns them. */
export function checkPaging(options: FindOptions): { skip: number; limit: number } {
  const { skip = 0, limit = 0 } = options;
  if (!Number.isInteger(skip) || skip < 0 || !Number.isInteger(limit) || limit < 0) {
    throw new InvalidQueryError('skip and limit must be non-negative integers');
  }
  return { skip, limit };
}

/** Every engine keys documents by a non-empty string _id. */
export function checkDocId(doc: Doc): string {
  if (typeof doc._id !== 'string' || doc._id === '') throw new InvalidQueryError('A document needs a non-empty string _id');
  return doc._id;
}
