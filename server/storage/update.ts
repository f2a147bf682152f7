// Update operators ($set, $unset, $inc, $push, $pull, $setOnInsert) validated once
// and applied in JS by engines that store whole documents (SQLite).
import { InvalidQueryError } from './port';
import type { Json, Update } from './port';
import { fieldSegments, toJson } from './filter';

const OPERATORS = ['$set', '$unset', '$inc', '$push', '$pull', '$setOnInsert'] as const;
type Operator = (typeof OPERATORS)[number];
type JsonObject = Record<string, Json>;

export interface UpdateStep {
  op: Operator;
  path: string;
  segments: string[];
  value: Json;
}

function stepValue(op: Operator, path: string, value: unknown): Json {
  if (op === '$unset') return null;
  if (op === '$inc') {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidQueryError(`$inc.${path}: takes a finite number`);
    return value;
  }
  if (op === '$push' && typeof value === 'object' && value !== null && '$each' in value) {
    const each = (value as { $each: unknown }).$each;
    if (!Array.isArray(each) || Object.keys(value).length !== 1) throw new InvalidQueryError(`$push.${path}: only $each (an array) is supported`);
    return { $each: toJson(each, `$push.${path}.$each`) } as unknown as Json;
  }
  // Values are stored as JSON: toJSON is honoured (Dates become ISO strings, class instances
  // such as express-session's Cookie their JSON form) and undefined members are dropped.
  return toJson(JSON.parse(JSON.stringify(value)) as unknown, `${op}.${path}`);
}

/** Validates an update and flattens it into steps; rejects unknown operators, _id changes and path conflicts. */
export function parseUpdate(update: Update): UpdateStep[] {
  if (typeof update !== 'object' || update === null) throw new InvalidQueryError('An update must be an object');
  const steps: UpdateStep[] = [];
  for (const [op, fields] of Object.entries(update)) {
    if (!(OPERATORS as readonly string[]).includes(op)) throw new InvalidQueryError(`Unsupported update operator ${op}`);
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new InvalidQueryError(`${op} takes an object`);
    for (const [path, value] of Object.entries(fields as Record<string, unknown>)) {
      if (value === undefined) continue;
      const segments = fieldSegments(path);
      if (segments[0] === '_id' && op !== '$setOnInsert') throw new InvalidQueryError(`${op}.${path}: _id cannot be changed`);
      steps.push({ op: op as Operator, path, segments, value: stepValue(op as Operator, path, value) });
    }
  }
  if (steps.length === 0) throw new InvalidQueryError('An update needs at least one field');
  const paths = steps.map((s) => s.path);
  for (const a of paths) {
    for (const b of paths) {
      if (a !== b ? b.startsWith(`${a}.`) : paths.indexOf(a) !== paths.lastIndexOf(a)) {
        throw new InvalidQueryError(`Conflicting update paths "${a}" and "${b}"`);
      }
    }
  }
  return steps;
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
// JSON round trips rather than structuredClone/isDeepStrictEqual: they stay within one
// realm (jest runs code in a vm context whose prototypes differ from Node's own).
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const sameJson = (a: Json, b: Json): boolean => {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return a === b;
};

/** MongoDB's $pull: an object value is a condition on each element's fields, others must be equal. */
const pulls = (item: Json, value: Json): boolean =>
  isObject(value) ? isObject(item) && Object.entries(value).every(([k, v]) => k in item && sameJson(item[k], v)) : sameJson(item, value);

/** The container holding the last segment, created on the way when `create` is set. */
function parentOf(doc: JsonObject, segments: string[], create: boolean): JsonObject | Json[] | undefined {
  let node: JsonObject | Json[] = doc;
  for (const [i, seg] of segments.slice(0, -1).entries()) {
    const container = node as Record<string | number, Json>;
    const inArray = Array.isArray(container);
    if (inArray && !/^\d+$/.test(seg)) {
      if (!create) return undefined;
      throw new InvalidQueryError(`Cannot create ${segments.join('.')}: ${segments.slice(0, i).join('.')} is an array`);
    }
    let next: Json | undefined = container[inArray ? Number(seg) : seg];
    if (next === undefined) {
      if (!create) return undefined;
      next = {};
      container[inArray ? Number(seg) : seg] = next;
    }
    if (next === null || typeof next !== 'object') {
      // As MongoDB: no field is created inside null or a scalar.
      if (!create) return undefined;
      throw new InvalidQueryError(`Cannot create ${segments.join('.')}: ${segments.slice(0, i + 1).join('.')} is not an object`);
    }
    node = next;
  }
  return node;
}

function applyStep(doc: JsonObject, step: UpdateStep): void {
  const last = step.segments[step.segments.length - 1];
  // $unset and $pull never create the objects on their path.
  const creates = step.op !== '$unset' && step.op !== '$pull';
  const parent = parentOf(doc, step.segments, creates) as Record<string | number, Json> | undefined;
  if (!parent) return;
  const key = Array.isArray(parent) ? Number(last) : last;
  if (Array.isArray(parent) && !Number.isInteger(key)) throw new InvalidQueryError(`Cannot use field "${last}" on an array`);
  const current: Json | undefined = parent[key];
  switch (step.op) {
    case '$unset':
      if (Array.isArray(parent)) parent[key] = null;
      else Reflect.deleteProperty(parent, key);
      return;
    case '$pull':
      if (current === undefined) return;
      if (!Array.isArray(current)) throw new InvalidQueryError(`$pull needs an array at ${step.path}`);
      parent[key] = current.filter((item) => !pulls(item, step.value));
      return;
    case '$inc':
      if (current !== undefined && typeof current !== 'number') throw new InvalidQueryError(`Cannot apply $inc to a non-numeric value at ${step.path}`);
      parent[key] = (current ?? 0) + (step.value as number);
      return;
    case '$push': {
      if (current !== undefined && !Array.isArray(current)) throw new InvalidQueryError(`$push needs an array at ${step.path}`);
      const v = step.value;
      // stepValue only lets a $-key through for { $each: [...] }.
      const added = isObject(v) && '$each' in v ? (v.$each as Json[]) : [v];
      parent[key] = [...(current ?? []), ...clone(added)];
      return;
    }
    default:
      parent[key] = clone(step.value);
  }
}

/** Applies the steps to a copy of the document; $setOnInsert only when inserting. */
export function applyUpdate<T extends object>(doc: T, steps: UpdateStep[], inserting: boolean): T {
  const copy = clone(doc) as unknown as JsonObject;
  for (const step of steps) if (step.op !== '$setOnInsert' || inserting) applyStep(copy, step);
  return copy as unknown as T;
}

/** Builds the document an upsert inserts from the filter's equality fields. */
export function upsertSeed(fields: Record<string, Json>): JsonObject {
  const seed: JsonObject = {};
  for (const [path, value] of Object.entries(fields)) {
    applyStep(seed, { op: '$set', path, segments: fieldSegments(path), value });
  }
  return seed;
}
