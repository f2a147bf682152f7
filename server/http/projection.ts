// Records leave the server through their response schemas: a projection keeps only the
// properties the document declares, so a service may hand over a stored document as it is
// (new declared fields go out with no code; password hashes, sealed secrets, _id never do).
// A declared property missing from a stored record goes out with its schema's `default`, so a
// field added to the document with a default needs no migration (docs/operations.md).
// Schemas are compiled once into plain functions; running one is a walk over the value.
// Bodies come in through the same walk (`forRequest`): a service stores what its body schema
// declares, so it may spread the body it was handed; a `readOnly` property never reaches it (the
// validator refuses one sent, 400) and a `writeOnly` one (a secret) never leaves in an answer.

export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  default?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: Schema }>;
}

export interface OperationObject {
  requestBody?: { $ref?: string; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, ResponseObject>;
}

/** Which way a value goes: answers fill declared defaults and drop writeOnly properties; bodies
 * get no defaults (an update sends only what changes) and drop readOnly ones. */
type Direction = 'answer' | 'body';

export type Projection = (value: unknown) => unknown;

/** Answers the envelope to send for a status; compiled on first use, then cached. */
export type ReplyProjection = (status: number, body: unknown) => unknown;

const keepAll: Projection = (value) => value;

/** One schema's branches ($ref, allOf, oneOf, anyOf) flattened into what a value may hold. */
interface Parts {
  properties: Map<string, Schema[]>;
  additional: Schema[];
  /** Some branch says additionalProperties: true. A free-form object (nothing declared) passes
   * whole, but a keyless branch beside declared ones (allOf [User, {type: object}]) opens nothing. */
  open: boolean;
  /** Some branch fixes the keys (declares properties, or additionalProperties: false). */
  closed: boolean;
  items: Schema[];
  /** Defaults of properties every value has (direct or allOf), not those of one oneOf/anyOf branch. */
  defaults: Map<string, unknown>;
  /** Declared but not for this direction (readOnly in a body, writeOnly in an answer). */
  hidden: Set<string>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const isBareRef = (schema: Schema): schema is { $ref: string } => Boolean(schema.$ref) && Object.keys(schema).length === 1;

/** Compiles projections for one document; `document` is read, never changed. */
export function createProjector(document: object): {
  project: (schema: Schema) => Projection;
  forOperation: (operation: OperationObject) => ReplyProjection;
  /** The JSON body as the service receives it: only what the body schema declares, not readOnly. */
  forRequest: (operation: OperationObject) => Projection;
} {
  const byRef: Record<Direction, Map<string, Projection>> = { answer: new Map(), body: new Map() };

  const resolve = <T>(ref: string): T => {
    if (!ref.startsWith('#/')) throw new Error(`projection: only local $refs are supported (${ref})`);
    const found = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (found === undefined) throw new Error(`projection: ${ref} is not in the document`);
    return found as T;
  };

  const collect = ({ schema, parts, visiting, direction, always = true }: { schema: Schema; parts: Parts; visiting: Set<Schema>; direction: Direction; always?: boolean }): void => {
    if (visiting.has(schema)) return;
    visiting.add(schema);
    if (schema.$ref) collect({ schema: resolve<Schema>(schema.$ref), parts, visiting, direction, always });
    for (const branch of schema.allOf ?? []) collect({ schema: branch, parts, visiting, direction, always });
    for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) collect({ schema: branch, parts, visiting, direction, always: false });
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const target = isBareRef(property) ? resolve<Schema>(property.$ref) : property;
      // Not declared for this direction: the key is known (an open map does not pass it) but never kept.
      if ((direction === 'body' ? property.readOnly || target.readOnly : property.writeOnly || target.writeOnly) === true) {
        parts.hidden.add(key);
        continue;
      }
      parts.properties.set(key, [...(parts.properties.get(key) ?? []), property]);
      const fallback = target.default;
      if (direction === 'answer' && always && fallback !== undefined && !parts.defaults.has(key)) parts.defaults.set(key, fallback);
    }
    const additional = schema.additionalProperties;
    if (additional === true) parts.open = true;
    else if (additional === false) parts.closed = true;
    else if (additional) parts.additional.push(additional);
    if (schema.properties) parts.closed = true;
    if (schema.items) parts.items.push(schema.items);
    visiting.delete(schema);
  };

  const compileRef = (ref: string, direction: Direction): Projection => {
    const cached = byRef[direction].get(ref);
    if (cached) return cached;
    // A placeholder first, so a schema that refers to itself compiles.
    let compiled: Projection = keepAll;
    byRef[direction].set(ref, (value) => compiled(value));
    compiled = compile([resolve<Schema>(ref)], direction);
    byRef[direction].set(ref, compiled);
    return compiled;
  };

  /** The union of the schemas' projections; a lone $ref is compiled once for the document. */
  const compileAll = (schemas: Schema[], direction: Direction): Projection =>
    schemas.length === 1 && isBareRef(schemas[0]) ? compileRef(schemas[0].$ref, direction) : compile(schemas, direction);

  function compile(schemas: Schema[], direction: Direction): Projection {
    const parts: Parts = { properties: new Map(), additional: [], open: false, closed: false, items: [], defaults: new Map(), hidden: new Set() };
    for (const schema of schemas) collect({ schema, parts, visiting: new Set(), direction });
    const items = parts.items.length > 0 ? compileAll(parts.items, direction) : undefined;
    const structured = parts.closed || parts.additional.length > 0 || parts.hidden.size > 0;
    if (!structured && !items) return keepAll;
    const declared = [...parts.properties].map(([key, branches]) => [key, compileAll(branches, direction), parts.defaults.get(key)] as const);
    const known = new Set([...parts.properties.keys(), ...parts.hidden]);
    const rest = parts.open ? keepAll : parts.additional.length > 0 ? compileAll(parts.additional, direction) : undefined;
    const object = (value: Record<string, unknown>): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const [key, project, fallback] of declared) {
        if (Object.hasOwn(value, key) && value[key] !== undefined) out[key] = project(value[key]);
        else if (fallback !== undefined) out[key] = project(structuredClone(fallback));
      }
      if (rest) {
        for (const key of Object.keys(value)) if (!known.has(key) && value[key] !== undefined) out[key] = rest(value[key]);
      }
      return out;
    };
    return (value) => {
      if (Array.isArray(value)) return items ? value.map(items) : value;
      if (structured && isPlainObject(value)) return object(value);
      return value;
    };
  }

  const responseSchema = (operation: OperationObject, status: number): Schema | undefined => {
    const responses = operation.responses ?? {};
    const found = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    const response = found?.$ref ? resolve<ResponseObject>(found.$ref) : found;
    return response?.content?.['application/json']?.schema;
  };

  const bodySchema = (operation: OperationObject): Schema | undefined => {
    const body = operation.requestBody?.$ref ? resolve<NonNullable<OperationObject['requestBody']>>(operation.requestBody.$ref) : operation.requestBody;
    return body?.content?.['application/json']?.schema;
  };

  return {
    project: (schema) => compileAll([schema], 'answer'),
    forRequest: (operation) => {
      const schema = bodySchema(operation);
      return schema ? compileAll([schema], 'body') : keepAll;
    },
    forOperation: (operation) => {
      const byStatus = new Map<number, Projection>();
      return (status, body) => {
        let projection = byStatus.get(status);
        if (!projection) {
          const schema = responseSchema(operation, status);
          projection = schema ? compileAll([schema], 'answer') : keepAll;
          byStatus.set(status, projection);
        }
        return projection(body);
      };
    },
  };
}
