// `npm run generate` step: every declared resource (an `x-resource` schema, server/resources/
// declaration.ts) becomes ordinary operations and schemas in the bundled document: list (page,
// limit, search, sort, filters), get, create, update and delete, each with every status the
// generic handlers answer. The typed client and the fuzzing then see them like any other.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { declaredResources, eventTypeOf, kebabName, nameWords, SERVER_FIELDS } from '../rules/resource-declaration';
import type { ActionOptions, EntitySchema, ResourceAction, ResourceDeclaration } from '../rules/resource-declaration';
import { checkRelationTargets, checkReused, refuse } from './declaration-checks';

type Json = Record<string, unknown>;

export const MAX_PAGE = 10_000;
export const MAX_LIMIT = 100;
export const MAX_SEARCH = 200;

const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string): Json => ({ $ref: `#/components/responses/${name}` });
const json = (schema: Json): Json => ({ content: { 'application/json': { schema } } });

/** The names of the request and answer schemas: the reused ones the declaration names, else generated. */
export const schemaNames = (resource: ResourceDeclaration): { input: string; update: string; envelope: string; list: string } => ({
  input: resource.schemas.input ?? `${resource.name}Input`,
  update: resource.schemas.update ?? `${resource.name}UpdateInput`,
  envelope: resource.schemas.envelope ?? `${resource.name}Envelope`,
  list: resource.schemas.list ?? `${resource.name}${resource.list.shape === 'page' ? 'PageEnvelope' : 'ListEnvelope'}`,
});

/** The writable part of the entity: no server fields, no readOnly properties, nothing undeclared; only the schemas its actions use and it does not reuse. */
function inputSchemas({ resource, schema }: { resource: ResourceDeclaration; schema: EntitySchema }): Record<string, Json> {
  const writable = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([key, property]) => !property.readOnly && !(SERVER_FIELDS as readonly string[]).includes(key)),
  );
  const required = (schema.required ?? []).filter((key) => key in writable);
  // An update sends only what changes, and carries no default (a default would make a generated client require it).
  const optional = Object.fromEntries(Object.entries(writable).map(([key, property]) => [key, Object.fromEntries(Object.entries(property as Json).filter(([k]) => k !== 'default'))]));
  const envelope = (data: Json): Json => ({ type: 'object', required: ['success', 'data', 'message'], properties: { success: { type: 'boolean' }, data, message: { type: 'string' } } });
  const { actions } = resource;
  const wanted = (name: string, reused: string | undefined, used: boolean, value: Json): Record<string, Json> => (used && !reused ? { [name]: value } : {});
  const page = actions.list && resource.list.shape === 'page' && !resource.schemas.list;
  return {
    ...wanted(`${resource.name}Input`, resource.schemas.input, Boolean(actions.create), { type: 'object', additionalProperties: false, required, properties: writable }),
    ...wanted(`${resource.name}UpdateInput`, resource.schemas.update, Boolean(actions.update), { type: 'object', additionalProperties: false, minProperties: 1, properties: optional }),
    ...wanted(`${resource.name}Envelope`, resource.schemas.envelope, Boolean(actions.get ?? actions.create ?? actions.update), envelope(schemaRef(resource.name))),
    ...(page
      ? {
          [`${resource.name}Page`]: {
            type: 'object',
            required: ['items', 'total', 'page', 'pages', 'limit'],
            properties: { items: { type: 'array', items: schemaRef(resource.name) }, total: { type: 'integer', minimum: 0 }, page: { type: 'integer', minimum: 1 }, pages: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 1 } },
          },
          [`${resource.name}PageEnvelope`]: envelope(schemaRef(`${resource.name}Page`)),
        }
      : {}),
    ...wanted(`${resource.name}ListEnvelope`, resource.schemas.list, Boolean(actions.list) && resource.list.shape === 'array', envelope({ type: 'array', items: schemaRef(resource.name) })),
  };
}

function listParameters({ resource, schema }: { resource: ResourceDeclaration; schema: EntitySchema }): Json[] {
  const sortValues = resource.sort.flatMap((field) => [field, `-${field}`]);
  const query = (name: string, parameterSchema: Json, description: string): Json => ({ name, in: 'query', required: false, schema: parameterSchema, description });
  return [
    ...(resource.list.shape === 'page'
      ? [query('page', { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 }, 'The page, from 1.'), query('limit', { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 20 }, 'Records a page.')]
      : []),
    ...(resource.search.length > 0 ? [query('search', { type: 'string', maxLength: MAX_SEARCH }, `Case-insensitive text found in ${resource.search.join(', ')}.`)] : []),
    ...(sortValues.length > 0 ? [query('sort', { type: 'string', enum: sortValues }, `A field to order by; a leading - for descending. ${resource.list.sort} by default.`)] : []),
    ...resource.filter.map((field) => {
      const property = (schema.properties?.[field] ?? {}) as Json;
      const kept = Object.fromEntries(Object.entries(property).filter(([key]) => ['type', 'enum', 'format', 'minimum', 'maximum', 'maxLength'].includes(key)));
      return query(field, kept, `Only records whose ${field} is this value.`);
    }),
  ];
}

/** A path parameter: the components/parameters entry the declaration names, else a bounded id. */
const pathParameter = (resource: ResourceDeclaration, name: string): Json =>
  resource.parameters[name] ? { $ref: `#/components/parameters/${resource.parameters[name]}` } : { name, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 128 } };

function operations({ resource, schema, tag }: { resource: ResourceDeclaration; schema: EntitySchema; tag: string }): Record<string, Record<string, Json>> {
  const one = `${resource.path}/{${resource.idParameter}}`;
  const parametersOf = (path: string): Json[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => pathParameter(resource, match[1]));
  const names = schemaNames(resource);
  const noun = nameWords(resource.name).toLowerCase();
  const SUMMARY: Record<ResourceAction, string> = { list: `List ${noun} records`, create: `Create a ${noun}`, get: `Get a ${noun}`, update: `Update a ${noun}`, delete: `Delete a ${noun}` };
  const DATA: Record<ResourceAction, string> = { list: names.list, create: names.envelope, get: names.envelope, update: names.envelope, delete: 'EmptyEnvelope' };
  const BODY: Partial<Record<ResourceAction, string>> = { create: names.input, update: names.update };
  const paths: Record<string, Record<string, Json>> = {};
  for (const [action, options] of Object.entries(resource.actions) as [ResourceAction, ActionOptions][]) {
    const path = action === 'list' || action === 'create' ? resource.path : one;
    const query = action === 'list' ? listParameters({ resource, schema }) : [];
    const idParameters = parametersOf(path);
    const parameters = [...idParameters, ...query];
    const body = BODY[action];
    // The validator answers 400 to a bad body, query or bounded generated id; a reused parameter brings its own contract.
    const badRequest = Boolean(body) || query.length > 0 || idParameters.some((parameter) => !('$ref' in parameter));
    const summary = options.summary ?? SUMMARY[action];
    paths[path] = {
      ...paths[path],
      [options.method]: {
        operationId: options.operationId,
        tags: [tag],
        summary,
        ...(options.description ? { description: options.description } : {}),
        security: [{ session: [] }],
        'x-resource-operation': { resource: resource.name, action },
        parameters,
        ...(body ? { requestBody: { required: true, ...json(schemaRef(body)) } } : {}),
        responses: {
          [String(options.status)]: { description: summary, ...json(schemaRef(DATA[action])), ...(options.links ? { links: options.links } : {}) },
          ...(badRequest ? { '400': responseRef('BadRequest') } : {}),
          '401': responseRef('Unauthorized'),
          ...(resource.scope === 'project' ? { '403': responseRef('Forbidden') } : {}),
          // Any id in the path can name nothing the caller reaches.
          ...(idParameters.length > 0 ? { '404': responseRef('NotFound') } : {}),
        },
      },
    };
  }
  return paths;
}

const HOOKS = resolve(__dirname, '..', 'server', 'resources', 'hooks');

/** A hook module must exist; events go to an app's webhooks, so their types join WebhookEventType. */
function checkHooksAndEvents({ resource, document }: { resource: ResourceDeclaration; document: Json }): void {
  if (resource.hooks && !existsSync(join(HOOKS, `${resource.hooks}.ts`))) refuse(resource, `hooks names ${resource.hooks}, but server/resources/hooks/${resource.hooks}.ts does not exist`);
  if (!resource.events) return;
  const eventType = (document.components as { schemas: Record<string, { enum?: string[]; description?: string }> }).schemas.WebhookEventType;
  if (!eventType?.enum) return refuse(resource, 'events need the WebhookEventType enum in openapi/');
  const types = (['created', 'updated', 'deleted'] as const).map((change) => eventTypeOf(resource, change));
  eventType.enum.push(...types.filter((type) => !eventType.enum?.includes(type)));
  eventType.description = `${eventType.description ?? ''}${types.join(', ')}: a ${nameWords(resource.name).toLowerCase()} record (a declared resource).\n`;
}

/** Adds every declared resource's operations and schemas to the bundled document, in place. */
export function expandResources(document: Json): void {
  const components = document.components as { schemas: Record<string, EntitySchema> };
  const paths = document.paths as Json;
  const tags = (document.tags ?? []) as Json[];
  const resources = declaredResources(document);
  for (const resource of resources) {
    const schema = components.schemas[resource.name];
    checkReused({ resource, document });
    checkRelationTargets({ resource, resources });
    checkHooksAndEvents({ resource, document });
    const added = inputSchemas({ resource, schema });
    for (const [name, value] of Object.entries(added)) {
      if (name in components.schemas) refuse(resource, `the schema ${name} is generated; remove it from openapi/`);
      components.schemas[name] = value as EntitySchema;
    }
    const tag = resource.tag ?? kebabName(resource.plural);
    if (!tags.some((one) => one.name === tag)) tags.push({ name: tag, description: `${resource.plural}, a declared resource (docs/extending.md).` });
    for (const [path, item] of Object.entries(operations({ resource, schema, tag }))) {
      if (path in paths) refuse(resource, `the path ${path} is already declared`);
      const ids = new Set(Object.values(item).map((operation) => operation.operationId));
      const taken = Object.values(paths as Record<string, Record<string, { operationId?: string }>>).flatMap((declared) => Object.values(declared)).find((operation) => ids.has(operation.operationId));
      if (taken) refuse(resource, `the operationId ${taken.operationId} is already declared`);
      paths[path] = item;
    }
  }
  document.tags = tags;
}
