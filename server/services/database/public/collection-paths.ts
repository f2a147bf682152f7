// The part of the live OpenAPI document one collection gives: its schemas (documents as read,
// bodies to create and update, the envelopes) and its paths, each operation with the security
// its access rules ask for. Pure: built from the collection's attributes alone.
import type { Rule, RuleName, Rules } from './rules';
import { MAX_LIST_VALUES, MAX_NESTING_DEPTH, MAX_QUERY_CONDITIONS, MAX_QUERY_LENGTH } from '../../../../rules/input-limits';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { documentSchema } from '../../../../rules/database-fields';
import type { DatabaseField } from '../../../../rules/database-fields';
import type { CollectionDoc } from '../model';
import { CURSOR_MAX_LENGTH } from './cursor';
import { EXPAND_MAX_BYTES, EXPAND_MAX_RECORDS } from './expand-public';
import { filterSchemas } from './filter-schema';
import { writeSchemas } from './write-schemas';

export interface CollectionPart {
  schemas: Record<string, JsonSchemaObject>;
  paths: Record<string, JsonSchemaObject>;
}

export const ref = (name: string): JsonSchemaObject => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: JsonSchemaObject): JsonSchemaObject => ({ 'application/json': { schema } });
export const envelope = (data: JsonSchemaObject): JsonSchemaObject => ({
  type: 'object',
  required: ['success', 'data', 'message'],
  properties: { success: { type: 'boolean' }, data, message: { type: 'string' } },
});

const ERRORS: Record<string, string> = {
  '400': 'The request or a field value is wrong; fieldErrors say where.',
  '401': 'Missing or invalid credentials.',
  '403': 'Not allowed by the collection\'s rules (a rule locked to the app, or a create its rule refuses), credentials of another app, over a quota, or a change sent by a browser from a site not allowed.',
  '404': 'No such collection or document, or a document the collection\'s rules do not let the caller see.',
  '409': 'A value a unique field holds already, a relation or upload that does not exist, or (create) an _id a document holds already; fieldErrors say which.',
  '413': 'The request body is over 1 MB.',
  '415': 'The request body is not JSON.',
  '429': 'Over the app\'s request limit; see Retry-After.',
  '431': 'The request line and headers are over 64 KB (a query far over its length): refused before the API reads it, without a body.',
};

const HEADERS: Record<string, JsonSchemaObject> = {
  '401': { 'WWW-Authenticate': { required: true, description: 'The schemes this API takes: Basic (App ID and App Secret) and Bearer (an install token).', schema: { type: 'string' } } },
  '429': { 'Retry-After': { required: true, description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } },
};

/** Node's HTTP parser answers 431 itself, with no body. */
const BODYLESS = new Set(['431']);

export const errors = (statuses: string[]): JsonSchemaObject =>
  Object.fromEntries(
    statuses.map((status) => [status, { description: ERRORS[status], ...(HEADERS[status] ? { headers: HEADERS[status] } : {}), ...(BODYLESS.has(status) ? {} : { content: json(ref('Error')) }) }]),
  );

/** Every operation can answer these; those with a body also 409, 413 and 415. */
const READ_ERRORS = ['400', '401', '403', '404', '429', '431'];
export const WRITE_ERRORS = [...READ_ERRORS, '409', '413', '415'].sort();

/** Who may call: locked takes the app's credentials only; users and owner a user's token too; anyone and a filter (which may let anonymous callers see some records) need nothing. */
function security(rule: Rule): JsonSchemaObject[] {
  if (rule.kind === 'locked') return [{ appCredentials: [] }];
  const signed = [{ appCredentials: [] }, { installToken: [] }];
  return rule.kind === 'anyone' || rule.kind === 'filter' ? [{}, ...signed] : signed;
}

/** `my-products` -> `MyProducts`, a valid and readable schema and operation name part. */
export const pascalName = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('') || 'Collection';

/** JSON sent as the parameter's value, percent-encoded in any standard way. */
const queryParameter = (names: SchemaNames): JsonSchemaObject => ({
  name: 'query',
  in: 'query',
  description: `A filter as JSON, at most ${MAX_QUERY_LENGTH} characters, ${MAX_NESTING_DEPTH} levels of objects and lists and ${MAX_QUERY_CONDITIONS} conditions: a field to a value (equal), or to operators $eq $ne $gt $gte $lt $lte $in $nin (at most ${MAX_LIST_VALUES} values) $exists $regex $options $not; $and and $or take a list of filters. E.g. {"title":{"$regex":"lamp","$options":"i"}}.`,
  content: json(ref(names.filter)),
});

/** The relation fields (and theirs, after a dot) a caller may expand, as the comma-separated list the server reads. */
const expandParameter = (paths: string[]): JsonSchemaObject => ({
  name: 'expand',
  in: 'query',
  description: `Relation fields whose documents are answered under \`expand\` (at most 10; a field of the related collection after a dot). A related document the caller may not view is left out. An answer carries at most ${EXPAND_MAX_RECORDS} related records (each counted where it appears, at every level) and ${EXPAND_MAX_BYTES} bytes of them; past either it is a 400: ask for a smaller limit or fewer names. One of: ${paths.join(', ')}.`,
  style: 'form',
  explode: false,
  schema: { type: 'array', minItems: 1, maxItems: 10, uniqueItems: true, items: { type: 'string', enum: paths } },
});

const listParameters = (names: SchemaNames): JsonSchemaObject[] => [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 10000, default: 1 } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
  queryParameter(names),
  {
    name: 'sort',
    in: 'query',
    description: 'The order as JSON, at most 500 characters: fields to 1 (ascending) or -1 (descending), among the system fields and the indexed ones. Default {"_created":-1}.',
    content: json(ref(names.sort)),
  },
  {
    name: 'cursor',
    in: 'query',
    description: 'The nextCursor of the page before (the same query and sort); page is then ignored.',
    schema: { type: 'string', minLength: 1, maxLength: CURSOR_MAX_LENGTH },
  },
];

const parametersOf = (verb: OperationSpec['verb'], names: SchemaNames, expandPaths: string[]): JsonSchemaObject[] | undefined => {
  const expand = expandPaths.length > 0 ? [expandParameter(expandPaths)] : [];
  if (verb === 'list') return [...listParameters(names), ...expand];
  if (verb === 'update' || verb === 'delete') return [IF_MATCH];
  if (verb === 'get') return expand.length > 0 ? expand : undefined;
  return verb === 'count' ? [queryParameter(names)] : undefined;
};

interface OperationSpec {
  path: '/documents' | '/count' | '/documents/{docId}';
  method: 'get' | 'post' | 'put' | 'delete';
  verb: 'list' | 'count' | 'get' | 'create' | 'update' | 'delete';
  rule: RuleName;
  summary: (title: string) => string;
  status: '200' | '201';
  response: (names: SchemaNames) => JsonSchemaObject;
  body?: (names: SchemaNames) => string;
  errors: string[];
}

interface SchemaNames {
  doc: string;
  create: string;
  update: string;
  one: string;
  page: string;
  filter: string;
  sort: string;
}

const COUNT_ENVELOPE = envelope({ type: 'object', required: ['count'], properties: { count: { type: 'integer' } } });

const OPERATIONS: OperationSpec[] = [
  { path: '/documents', method: 'get', verb: 'list', rule: 'list', summary: (title) => `List ${title}`, status: '200', response: (names) => ref(names.page), errors: READ_ERRORS },
  { path: '/documents', method: 'post', verb: 'create', rule: 'create', summary: (title) => `Create a ${title} document`, status: '201', response: (names) => ref(names.one), body: (names) => names.create, errors: WRITE_ERRORS },
  { path: '/count', method: 'get', verb: 'count', rule: 'list', summary: (title) => `Count ${title}`, status: '200', response: () => COUNT_ENVELOPE, errors: READ_ERRORS },
  { path: '/documents/{docId}', method: 'get', verb: 'get', rule: 'view', summary: (title) => `One ${title} document`, status: '200', response: (names) => ref(names.one), errors: READ_ERRORS },
  { path: '/documents/{docId}', method: 'put', verb: 'update', rule: 'update', summary: (title) => `Update a ${title} document`, status: '200', response: (names) => ref(names.one), body: (names) => names.update, errors: WRITE_ERRORS },
  { path: '/documents/{docId}', method: 'delete', verb: 'delete', rule: 'delete', summary: (title) => `Delete a ${title} document`, status: '200', response: () => envelope({ type: 'null' }), errors: READ_ERRORS },
];

/** The answers that carry the document's version as their ETag. */
const TAGGED = new Set<OperationSpec['verb']>(['get', 'create', 'update']);

const DOC_ID = { name: 'docId', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } };

/** A document's `expand`: each relation field to the related document (or list of them) as its collection's schema. */
function expandSchema(expandable: Array<{ field: string; typeName: string; list: boolean }>): JsonSchemaObject {
  const properties = Object.fromEntries(expandable.map(({ field, typeName, list }) => [field, list ? { type: 'array', items: ref(typeName) } : ref(typeName)]));
  return { type: 'object', description: 'The related documents asked for with expand that the caller may view.', properties };
}

const OWNER_SCHEMA: JsonSchemaObject = { type: 'string', title: 'Owner', readOnly: true, description: 'The app user who owns the document, when one does.' };
const VERSION_SCHEMA: JsonSchemaObject = { type: 'integer', minimum: 1, title: 'Version', readOnly: true, description: '1 when created, one more at each update: the ETag of a read and the If-Match of a write.' };

/** Versions (versions.ts): the tag a read answers, the condition a write takes, the answer when it fails. */
const VERSION_TAG = { ETag: { description: 'The document\'s version as a strong entity tag, e.g. "3" (not sent with expand).', schema: { type: 'string' } } };
const IF_MATCH: JsonSchemaObject = {
  name: 'If-Match',
  in: 'header',
  description: 'Write only while the document still has this version, in quotes as its ETag gives it ("3"), or * (it must exist); otherwise 412. Anything else is a 400. Without it the last write wins.',
  schema: { type: 'string', maxLength: 40 },
};
const STALE = (names: SchemaNames): JsonSchemaObject => ({ description: 'The document has another version than If-Match says: data is the document as it is now.', content: json(ref(names.one)) });

function collectionSchemas({ collection, names, expandable }: { collection: CollectionDoc; names: SchemaNames; expandable: ExpandTarget[] }): Record<string, JsonSchemaObject> {
  const attributes = collection.attributes as ReadonlyArray<DatabaseField>;
  const title = collection.displayName || collection.name;
  const readable = attributes.filter((field) => !field.validation?.private);
  const page = {
    type: 'object',
    required: ['items', 'page', 'pages', 'total', 'nextCursor'],
    properties: {
      items: { type: 'array', items: ref(names.doc) },
      page: { type: 'integer' },
      pages: { type: 'integer' },
      total: { type: 'integer' },
      nextCursor: { type: ['string', 'null'], description: 'Opens the next page (pass it as cursor); null on the last page.' },
    },
  };
  const bodies = writeSchemas({ attributes: collection.attributes, title });
  const query = filterSchemas({ collection, filter: names.filter });
  const read = documentSchema({ attributes: readable, mode: 'read', title });
  const properties = { ...(read.properties as JsonSchemaObject), _owner: OWNER_SCHEMA, _version: VERSION_SCHEMA, ...(expandable.length > 0 ? { expand: expandSchema(expandable) } : {}) };
  return {
    [names.doc]: { ...read, properties, required: ['_id', '_created', '_updated', '_version'] },
    [names.create]: bodies.create,
    [names.update]: bodies.update,
    [names.one]: envelope(ref(names.doc)),
    [names.page]: envelope(page),
    [names.filter]: query.filter,
    [names.sort]: query.sort,
  };
}

function operation({ spec, collection, rules, names, typeName, expandPaths }: { spec: OperationSpec; collection: CollectionDoc; rules: Rules; names: SchemaNames; typeName: string; expandPaths: string[] }): JsonSchemaObject {
  const title = collection.displayName || collection.name;
  const parameters = parametersOf(spec.verb, names, expandPaths);
  return {
    operationId: `${spec.verb}${typeName}`,
    summary: spec.summary(title),
    tags: [collection.name],
    security: security(rules[spec.rule]),
    ...(parameters ? { parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: json(ref(spec.body(names))) } } : {}),
    responses: {
      [spec.status]: { description: 'Done.', ...(TAGGED.has(spec.verb) ? { headers: VERSION_TAG } : {}), content: json(spec.response(names)) },
      ...errors(spec.errors),
      ...(spec.verb === 'update' || spec.verb === 'delete' ? { '412': STALE(names) } : {}),
    },
  };
}

/** A relation field of the collection whose target is in the document, by its type name. */
export interface ExpandTarget {
  field: string;
  typeName: string;
  list: boolean;
}

export function collectionPart({ collection, rules, typeName, base, allowed, expandable, expandPaths }: {
  collection: CollectionDoc;
  rules: Rules;
  typeName: string;
  /** The collection's path: /api/v1/data/{appId}/collections/{name}. */
  base: string;
  /** The rules the caller is not refused by outright (they may still see only some records). */
  allowed: (rule: RuleName) => boolean;
  expandable: ExpandTarget[];
  /** `field` and `field.sub` as the expand parameter takes them. */
  expandPaths: string[];
}): CollectionPart {
  // The underscore never appears in a type name, so these cannot meet another collection's.
  const names: SchemaNames = {
    doc: typeName,
    create: `${typeName}_Create`,
    update: `${typeName}_Update`,
    one: `${typeName}_Envelope`,
    page: `${typeName}_Page`,
    filter: `${typeName}_Filter`,
    sort: `${typeName}_Sort`,
  };
  const paths: Record<string, JsonSchemaObject> = {};
  for (const spec of OPERATIONS.filter((candidate) => allowed(candidate.rule))) {
    const item = (paths[`${base}${spec.path}`] ??= spec.path === '/documents/{docId}' ? { parameters: [DOC_ID] } : {});
    item[spec.method] = operation({ spec, collection, rules, names, typeName, expandPaths });
  }
  return { schemas: collectionSchemas({ collection, names, expandable }), paths };
}
