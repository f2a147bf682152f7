// The part of the live OpenAPI document one collection gives: its schemas (documents as read,
// bodies to create and update, the envelopes) and its paths, each operation with the security
// its access rules ask for. Pure: built from the collection's attributes alone.
import type { DataCollectionAccess } from '../../../../generated/client/types.gen';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { documentSchema } from '../../../../rules/database-fields';
import type { DatabaseField } from '../../../../rules/database-fields';
import type { CollectionDoc } from '../model';

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

function queryParameters(collection: CollectionDoc): JsonSchemaObject[] {
  const indexed = collection.attributes.filter((field) => field.validation?.indexable || field.validation?.unique).map((field) => field.name);
  return [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 10000, default: 1 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
    {
      name: 'query',
      in: 'query',
      description: 'URL-encoded JSON filter: $eq $ne $gt $gte $lt $lte $in $nin $exists $regex $options $not $and $or, e.g. {"title":{"$regex":"lamp","$options":"i"}}.',
      schema: { type: 'string', maxLength: 2000 },
    },
    {
      name: 'sort',
      in: 'query',
      description: `URL-encoded JSON: a field to 1 or -1, among ${['_id', '_created', '_updated', ...indexed].join(', ')}. Default {"_created":-1}.`,
      schema: { type: 'string', maxLength: 500 },
    },
  ];
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
  const attributes = collection.attributes as ReadonlyArray<DatabaseField>;
  const title = collection.displayName || collection.name;
  const readable = attributes.filter((field) => !field.validation?.private);
  // The underscore never appears in a type name, so these cannot meet another collection's.
  const names = { doc: typeName, create: `${typeName}_Create`, update: `${typeName}_Update`, one: `${typeName}_Envelope`, page: `${typeName}_Page` };
  const schemas: Record<string, JsonSchemaObject> = {
    [names.doc]: { ...documentSchema({ attributes: readable, mode: 'read', title }), required: ['_id', '_created', '_updated'] },
    [names.create]: documentSchema({ attributes, mode: 'create', title: `New ${title}` }),
    [names.update]: documentSchema({ attributes, mode: 'update', title: `${title} changes` }),
    [names.one]: envelope(ref(names.doc)),
    [names.page]: envelope({
      type: 'object',
      required: ['items', 'page', 'pages', 'total'],
      properties: { items: { type: 'array', items: ref(names.doc) }, page: { type: 'integer' }, pages: { type: 'integer' }, total: { type: 'integer' } },
    }),
  };
  const tags = [collection.name];
  const read = { tags, security: security(access.read) };
  const write = { tags, security: security(access.write) };
  const ok = (description: string, schema: JsonSchemaObject, status = '200'): JsonSchemaObject => ({ [status]: { description, content: json(schema) } });
  const docId = { name: 'docId', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } };
  const list = canRead && { operationId: `list${typeName}`, summary: `List ${title}`, ...read, parameters: queryParameters(collection), responses: { ...ok('A page of documents.', ref(names.page)), ...errors('400', '401', '403', '404', '429') } };
  const create = canWrite && { operationId: `create${typeName}`, summary: `Create a ${title} document`, ...write, requestBody: { required: true, content: json(ref(names.create)) }, responses: { ...ok('Created.', ref(names.one), '201'), ...errors('400', '401', '403', '404', '429') } };
  const count = canRead && { operationId: `count${typeName}`, summary: `Count ${title}`, ...read, parameters: [queryParameters(collection)[2]], responses: { ...ok('The count.', envelope({ type: 'object', required: ['count'], properties: { count: { type: 'integer' } } })), ...errors('400', '401', '403', '404', '429') } };
  const get = canRead && { operationId: `get${typeName}`, summary: `One ${title} document`, ...read, responses: { ...ok('The document.', ref(names.one)), ...errors('401', '403', '404', '429') } };
  const update = canWrite && { operationId: `update${typeName}`, summary: `Update a ${title} document`, ...write, requestBody: { required: true, content: json(ref(names.update)) }, responses: { ...ok('The updated document.', ref(names.one)), ...errors('400', '401', '403', '404', '429') } };
  const remove = canWrite && { operationId: `delete${typeName}`, summary: `Delete a ${title} document`, ...write, responses: { ...ok('Deleted.', envelope({ type: 'null' })), ...errors('401', '403', '404', '429') } };
  const only = (operations: Record<string, JsonSchemaObject | false>): JsonSchemaObject => Object.fromEntries(Object.entries(operations).filter(([, operation]) => operation));
  const paths: Record<string, JsonSchemaObject> = {
    [`${base}/documents`]: only({ get: list, post: create }),
    [`${base}/count`]: only({ get: count }),
    [`${base}/documents/{docId}`]: { parameters: [docId], ...only({ get, put: update, delete: remove }) },
  };
  return { schemas, paths: Object.fromEntries(Object.entries(paths).filter(([, item]) => Object.keys(item).some((key) => key !== 'parameters'))) };
}
