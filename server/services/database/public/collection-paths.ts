// The part of the live OpenAPI document one collection gives: its schemas (documents as read,
// bodies to create and update, the envelopes) and its paths, each operation with the security
// its access rules ask for. Pure: built from the collection's attributes alone.
import type { DataCollectionAccess } from '../../../../generated/client/types.gen';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { documentSchema } from '../../../../rules/database-fields';
import type { DatabaseField } from '../../../../rules/database-fields';
import type { CollectionDoc } from '../model';
import { CURSOR_MAX_LENGTH } from './cursor';

export interface CollectionPart {
  schemas: Record<string, JsonSchemaObject>;
  paths: Record<string, JsonSchemaObject>;
}

const ref = (name: string): JsonSchemaObject => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchemaObject): JsonSchemaObject => ({ 'application/json': { schema } });
const envelope = (data: JsonSchemaObject): JsonSchemaObject => ({
  type: 'object',
  required: ['success', 'data', 'message'],
  properties: { success: { type: 'boolean' }, data, message: { type: 'string' } },
});

const ERRORS: Record<string, string> = {
  '400': 'The request or a field value is wrong; fieldErrors say where.',
  '401': 'Missing or invalid credentials.',
  '403': 'Not allowed by the collection\'s access rules, credentials of another app, or over a quota.',
  '404': 'No such collection or document.',
  '429': 'Over the app\'s request limit; see Retry-After.',
};

const errors = (...statuses: string[]): JsonSchemaObject =>
  Object.fromEntries(statuses.map((status) => [status, { description: ERRORS[status], content: json(ref('Error')) }]));

/** Who may call: public needs nothing; authenticated takes the app's credentials or a user's token; owner the app's only. */
function security(rule: DataCollectionAccess['read' | 'write']): JsonSchemaObject[] {
  if (rule === 'owner') return [{ appCredentials: [] }];
  const signed = [{ appCredentials: [] }, { installToken: [] }];
  return rule === 'public' ? [{}, ...signed] : signed;
}

/** `my-products` -> `MyProducts`, a valid and readable schema and operation name part. */
export const pascalName = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('') || 'Collection';

const QUERY_PARAMETER: JsonSchemaObject = {
  name: 'query',
  in: 'query',
  description: 'URL-encoded JSON filter: $eq $ne $gt $gte $lt $lte $in $nin $exists $regex $options $not $and $or, e.g. {"title":{"$regex":"lamp","$options":"i"}}.',
  schema: { type: 'string', maxLength: 2000 },
};

function listParameters(collection: CollectionDoc): JsonSchemaObject[] {
  const indexed = collection.attributes.filter((field) => field.validation?.indexable || field.validation?.unique).map((field) => field.name);
  return [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 10000, default: 1 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
    QUERY_PARAMETER,
    {
      name: 'sort',
      in: 'query',
      description: `URL-encoded JSON: a field to 1 or -1, among ${['_id', '_created', '_updated', ...indexed].join(', ')}. Default {"_created":-1}.`,
      schema: { type: 'string', maxLength: 500 },
    },
    {
      name: 'cursor',
      in: 'query',
      description: 'The nextCursor of the page before (the same query and sort); page is then ignored.',
      schema: { type: 'string', maxLength: CURSOR_MAX_LENGTH },
    },
  ];
}

const parametersOf = (verb: OperationSpec['verb'], collection: CollectionDoc): JsonSchemaObject[] | undefined => {
  if (verb === 'list') return listParameters(collection);
  return verb === 'count' ? [QUERY_PARAMETER] : undefined;
};

interface OperationSpec {
  path: '/documents' | '/count' | '/documents/{docId}';
  method: 'get' | 'post' | 'put' | 'delete';
  verb: 'list' | 'count' | 'get' | 'create' | 'update' | 'delete';
  kind: 'read' | 'write';
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
}

const COUNT_ENVELOPE = envelope({ type: 'object', required: ['count'], properties: { count: { type: 'integer' } } });

const OPERATIONS: OperationSpec[] = [
  { path: '/documents', method: 'get', verb: 'list', kind: 'read', summary: (title) => `List ${title}`, status: '200', response: (names) => ref(names.page), errors: ['400', '401', '403', '404', '429'] },
  { path: '/documents', method: 'post', verb: 'create', kind: 'write', summary: (title) => `Create a ${title} document`, status: '201', response: (names) => ref(names.one), body: (names) => names.create, errors: ['400', '401', '403', '404', '429'] },
  { path: '/count', method: 'get', verb: 'count', kind: 'read', summary: (title) => `Count ${title}`, status: '200', response: () => COUNT_ENVELOPE, errors: ['400', '401', '403', '404', '429'] },
  { path: '/documents/{docId}', method: 'get', verb: 'get', kind: 'read', summary: (title) => `One ${title} document`, status: '200', response: (names) => ref(names.one), errors: ['401', '403', '404', '429'] },
  { path: '/documents/{docId}', method: 'put', verb: 'update', kind: 'write', summary: (title) => `Update a ${title} document`, status: '200', response: (names) => ref(names.one), body: (names) => names.update, errors: ['400', '401', '403', '404', '429'] },
  { path: '/documents/{docId}', method: 'delete', verb: 'delete', kind: 'write', summary: (title) => `Delete a ${title} document`, status: '200', response: () => envelope({ type: 'null' }), errors: ['401', '403', '404', '429'] },
];

const DOC_ID = { name: 'docId', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } };

function collectionSchemas({ collection, names }: { collection: CollectionDoc; names: SchemaNames }): Record<string, JsonSchemaObject> {
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
  return {
    [names.doc]: { ...documentSchema({ attributes: readable, mode: 'read', title }), required: ['_id', '_created', '_updated'] },
    [names.create]: documentSchema({ attributes, mode: 'create', title: `New ${title}` }),
    [names.update]: documentSchema({ attributes, mode: 'update', title: `${title} changes` }),
    [names.one]: envelope(ref(names.doc)),
    [names.page]: envelope(page),
  };
}

function operation({ spec, collection, access, names, typeName }: { spec: OperationSpec; collection: CollectionDoc; access: DataCollectionAccess; names: SchemaNames; typeName: string }): JsonSchemaObject {
  const title = collection.displayName || collection.name;
  const parameters = parametersOf(spec.verb, collection);
  return {
    operationId: `${spec.verb}${typeName}`,
    summary: spec.summary(title),
    tags: [collection.name],
    security: security(access[spec.kind]),
    ...(parameters ? { parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: json(ref(spec.body(names))) } } : {}),
    responses: { [spec.status]: { description: 'Done.', content: json(spec.response(names)) }, ...errors(...spec.errors) },
  };
}

export function collectionPart({ collection, access, typeName, base, canRead, canWrite }: {
  collection: CollectionDoc;
  access: DataCollectionAccess;
  typeName: string;
  /** The collection's path: /api/v1/data/{appId}/collections/{name}. */
  base: string;
  canRead: boolean;
  canWrite: boolean;
}): CollectionPart {
  // The underscore never appears in a type name, so these cannot meet another collection's.
  const names: SchemaNames = { doc: typeName, create: `${typeName}_Create`, update: `${typeName}_Update`, one: `${typeName}_Envelope`, page: `${typeName}_Page` };
  const paths: Record<string, JsonSchemaObject> = {};
  for (const spec of OPERATIONS.filter((candidate) => (candidate.kind === 'read' ? canRead : canWrite))) {
    const item = (paths[`${base}${spec.path}`] ??= spec.path === '/documents/{docId}' ? { parameters: [DOC_ID] } : {});
    item[spec.method] = operation({ spec, collection, access, names, typeName });
  }
  return { schemas: collectionSchemas({ collection, names }), paths };
}
