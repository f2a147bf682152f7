// `npm run generate` step: every declared resource (an `x-resource` schema, server/resources/
// declaration.ts) becomes ordinary operations and schemas in the bundled document: list (page,
// limit, search, sort, filters), get, create, update and delete, each with every status the
// generic handlers answer. The typed client and the fuzzing then see them like any other.
import { declaredResources, kebabName, nameWords, operationIdOf, SCOPE_PARAMETER, SERVER_FIELDS } from '../rules/resource-declaration';
import type { EntitySchema, ResourceAction, ResourceDeclaration } from '../rules/resource-declaration';

type Json = Record<string, unknown>;

export const MAX_PAGE = 10_000;
export const MAX_LIMIT = 100;
export const MAX_SEARCH = 200;

const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string): Json => ({ $ref: `#/components/responses/${name}` });
const json = (schema: Json): Json => ({ content: { 'application/json': { schema } } });

/** The writable part of the entity: no server fields, no readOnly properties, nothing undeclared. */
function inputSchemas({ resource, schema }: { resource: ResourceDeclaration; schema: EntitySchema }): Record<string, Json> {
  const writable = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([key, property]) => !property.readOnly && !(SERVER_FIELDS as readonly string[]).includes(key)),
  );
  const required = (schema.required ?? []).filter((key) => key in writable);
  // An update sends only what changes, and carries no default (a default would make a generated client require it).
  const optional = Object.fromEntries(Object.entries(writable).map(([key, property]) => [key, Object.fromEntries(Object.entries(property as Json).filter(([k]) => k !== 'default'))]));
  return {
    [`${resource.name}Input`]: { type: 'object', additionalProperties: false, required, properties: writable },
    [`${resource.name}UpdateInput`]: { type: 'object', additionalProperties: false, minProperties: 1, properties: optional },
    [`${resource.name}Envelope`]: { type: 'object', required: ['success', 'data', 'message'], properties: { success: { type: 'boolean' }, data: schemaRef(resource.name), message: { type: 'string' } } },
    [`${resource.name}Page`]: {
      type: 'object',
      required: ['items', 'total', 'page', 'pages', 'limit'],
      properties: { items: { type: 'array', items: schemaRef(resource.name) }, total: { type: 'integer', minimum: 0 }, page: { type: 'integer', minimum: 1 }, pages: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 1 } },
    },
    [`${resource.name}PageEnvelope`]: { type: 'object', required: ['success', 'data', 'message'], properties: { success: { type: 'boolean' }, data: schemaRef(`${resource.name}Page`), message: { type: 'string' } } },
  };
}

function listParameters({ resource, schema }: { resource: ResourceDeclaration; schema: EntitySchema }): Json[] {
  const sortValues = resource.sort.flatMap((field) => [field, `-${field}`]);
  const query = (name: string, parameterSchema: Json, description: string): Json => ({ name, in: 'query', required: false, schema: parameterSchema, description });
  return [
    query('page', { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 }, 'The page, from 1.'),
    query('limit', { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 20 }, 'Records a page.'),
    ...(resource.search.length > 0 ? [query('search', { type: 'string', maxLength: MAX_SEARCH }, `Case-insensitive text found in ${resource.search.join(', ')}.`)] : []),
    ...(sortValues.length > 0 ? [query('sort', { type: 'string', enum: sortValues }, 'A field to order by; a leading - for descending. Newest first by default.')] : []),
    ...resource.filter.map((field) => {
      const property = (schema.properties?.[field] ?? {}) as Json;
      const kept = Object.fromEntries(Object.entries(property).filter(([key]) => ['type', 'enum', 'format', 'minimum', 'maximum', 'maxLength'].includes(key)));
      return query(field, kept, `Only records whose ${field} is this value.`);
    }),
  ];
}

function operations({ resource, schema, tag }: { resource: ResourceDeclaration; schema: EntitySchema; tag: string }): Record<string, Record<string, Json>> {
  const scopeParameter = SCOPE_PARAMETER[resource.scope];
  const pathParameters = scopeParameter ? [{ name: scopeParameter, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 128 } }] : [];
  const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 128 } };
  const operation = ({ action, summary, parameters, body, status, data }: { action: ResourceAction; summary: string; parameters: Json[]; body?: string; status: string; data: string }): Json => ({
    operationId: operationIdOf(resource, action),
    tags: [tag],
    summary,
    'x-resource-operation': { resource: resource.name, action },
    parameters,
    ...(body ? { requestBody: { required: true, ...json(schemaRef(body)) } } : {}),
    responses: {
      [status]: { description: summary, ...json(schemaRef(data)) },
      '400': responseRef('BadRequest'),
      '401': responseRef('Unauthorized'),
      ...(resource.scope === 'project' ? { '403': responseRef('Forbidden') } : {}),
      ...(action === 'list' && !scopeParameter ? {} : { '404': responseRef('NotFound') }),
    },
  });
  const one = `${resource.path}/{id}`;
  const noun = nameWords(resource.name).toLowerCase();
  return {
    [resource.path]: {
      get: operation({ action: 'list', summary: `List ${noun} records`, parameters: [...pathParameters, ...listParameters({ resource, schema })], status: '200', data: `${resource.name}PageEnvelope` }),
      post: operation({ action: 'create', summary: `Create a ${noun}`, parameters: pathParameters, body: `${resource.name}Input`, status: '201', data: `${resource.name}Envelope` }),
    },
    [one]: {
      get: operation({ action: 'get', summary: `Get a ${noun}`, parameters: [...pathParameters, idParameter], status: '200', data: `${resource.name}Envelope` }),
      patch: operation({ action: 'update', summary: `Update a ${noun}`, parameters: [...pathParameters, idParameter], body: `${resource.name}UpdateInput`, status: '200', data: `${resource.name}Envelope` }),
      delete: operation({ action: 'delete', summary: `Delete a ${noun}`, parameters: [...pathParameters, idParameter], status: '200', data: 'EmptyEnvelope' }),
    },
  };
}

/** Adds every declared resource's operations and schemas to the bundled document, in place. */
export function expandResources(document: Json): void {
  const components = document.components as { schemas: Record<string, EntitySchema> };
  const paths = document.paths as Json;
  const tags = (document.tags ?? []) as Json[];
  for (const resource of declaredResources(document)) {
    const schema = components.schemas[resource.name];
    const added = inputSchemas({ resource, schema });
    for (const [name, value] of Object.entries(added)) {
      if (name in components.schemas) throw new Error(`x-resource of ${resource.name}: the schema ${name} is generated; remove it from openapi/`);
      components.schemas[name] = value as EntitySchema;
    }
    const tag = kebabName(resource.plural);
    if (!tags.some((one) => one.name === tag)) tags.push({ name: tag, description: `${resource.plural}, a declared resource (docs/extending.md).` });
    for (const [path, item] of Object.entries(operations({ resource, schema, tag }))) {
      if (path in paths) throw new Error(`x-resource of ${resource.name}: the path ${path} is already declared`);
      paths[path] = item;
    }
  }
  document.tags = tags;
}
