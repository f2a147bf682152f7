// Turns @cfworker/json-schema's output into the error objects Ajv would give for the same
// failure (keyword, instancePath, params, English message), so RJSF's handling and the
// shared wording (transform-errors.ts -> rules/validation-messages.ts) stay what they were.
import type { OutputUnit } from '@cfworker/json-schema';

export interface AjvShapedError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

type Node = Record<string, unknown>;

const decode = (token: string): string => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');

/** The schema value at a cfworker keywordLocation, which runs through `$ref` hops ("#/properties/a/$ref/minLength"). */
export function valueAt(root: unknown, location: string): unknown {
  let node: unknown = root;
  for (const token of location.replace(/^#\/?/, '').split('/').filter(Boolean).map(decode)) {
    if (typeof node !== 'object' || node === null) return undefined;
    const current = node as Node;
    node = token === '$ref' && typeof current.$ref === 'string' ? valueAt(root, current.$ref) : current[token];
  }
  return node;
}

const quoted = (error: string): string[] => [...error.matchAll(/"([^"]*)"/g)].map((match) => match[1]);

/** Ajv's message and params for each keyword that reports a failure of its own (others only wrap sub-errors). */
const AJV_WORDING: Record<string, (unit: OutputUnit, limit: unknown) => { params: Node; message: string }> = {
  required: (unit) => {
    const [missingProperty] = quoted(unit.error);
    return { params: { missingProperty }, message: `must have required property '${missingProperty}'` };
  },
  dependentRequired: (unit) => {
    const [property, missingProperty] = quoted(unit.error);
    return { params: { property, missingProperty, deps: missingProperty, depsCount: 1 }, message: `must have property ${missingProperty} when property ${property} is present` };
  },
  minLength: (_u, limit) => ({ params: { limit }, message: `must NOT have fewer than ${String(limit)} characters` }),
  maxLength: (_u, limit) => ({ params: { limit }, message: `must NOT have more than ${String(limit)} characters` }),
  minItems: (_u, limit) => ({ params: { limit }, message: `must NOT have fewer than ${String(limit)} items` }),
  maxItems: (_u, limit) => ({ params: { limit }, message: `must NOT have more than ${String(limit)} items` }),
  minProperties: (_u, limit) => ({ params: { limit }, message: `must NOT have fewer than ${String(limit)} properties` }),
  maxProperties: (_u, limit) => ({ params: { limit }, message: `must NOT have more than ${String(limit)} properties` }),
  minimum: (_u, limit) => ({ params: { comparison: '>=', limit }, message: `must be >= ${String(limit)}` }),
  maximum: (_u, limit) => ({ params: { comparison: '<=', limit }, message: `must be <= ${String(limit)}` }),
  exclusiveMinimum: (_u, limit) => ({ params: { comparison: '>', limit }, message: `must be > ${String(limit)}` }),
  exclusiveMaximum: (_u, limit) => ({ params: { comparison: '<', limit }, message: `must be < ${String(limit)}` }),
  multipleOf: (_u, multipleOf) => ({ params: { multipleOf }, message: `must be multiple of ${String(multipleOf)}` }),
  pattern: (_u, pattern) => ({ params: { pattern }, message: `must match pattern "${String(pattern)}"` }),
  format: (_u, format) => ({ params: { format }, message: `must match format "${String(format)}"` }),
  type: (_u, type) => ({ params: { type }, message: `must be ${Array.isArray(type) ? type.join(',') : String(type)}` }),
  enum: (_u, allowedValues) => ({ params: { allowedValues }, message: 'must be equal to one of the allowed values' }),
  const: (_u, allowedValue) => ({ params: { allowedValue }, message: 'must be equal to constant' }),
  uniqueItems: (unit) => {
    const [j, i] = (unit.error.match(/\d+/g) ?? []).map(Number);
    return { params: { i, j }, message: `must NOT have duplicate items (items ## ${i} and ${j} are identical)` };
  },
  additionalProperties: (unit) => {
    const [additionalProperty] = quoted(unit.error);
    return { params: { additionalProperty }, message: 'must NOT have additional properties' };
  },
  anyOf: () => ({ params: {}, message: 'must match a schema in anyOf' }),
  oneOf: () => ({ params: {}, message: 'must match exactly one schema in oneOf' }),
  not: () => ({ params: {}, message: 'must NOT be valid' }),
};

export function toAjvErrors({ units, root }: { units: OutputUnit[]; root: unknown }): AjvShapedError[] {
  return units.flatMap((unit) => {
    const word = AJV_WORDING[unit.keyword];
    // A sub-schema failure is also reported by its parent keyword ("A subschema had errors."); keep the leaf only.
    if (!word || (unit.keyword === 'additionalProperties' && typeof valueAt(root, unit.keywordLocation) === 'object')) return [];
    const { params, message } = word(unit, valueAt(root, unit.keywordLocation));
    return [{ keyword: unit.keyword, instancePath: unit.instanceLocation.replace(/^#/, ''), schemaPath: unit.keywordLocation, params, message }];
  });
}
