// TypeScript for an app's collections, written from the server's live OpenAPI document
// (GET /api/v1/data/{appId}/openapi.json): a document and an input type per collection, and the
// map createClient<Collections>() takes. Pure, and bounded: the document comes from the network.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

export const LIMITS = { collections: 500, properties: 500, depth: 8 };

export class OpenApiShapeError extends Error {}

const isObject = (value: Json | undefined): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name: string): string => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
/** Text from the document inside a block comment: nothing in it may end the comment. */
const comment = (text: string): string => text.replace(/\*\//g, '*\\/').replace(/[\r\n\u2028\u2029]+/g, ' ');

function refName(schema: Schema): string | undefined {
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
}

function typeOf({ schema, depth }: { schema: Json | undefined; depth: number }): string {
  if (!isObject(schema)) return 'unknown';
  if (depth > LIMITS.depth) throw new OpenApiShapeError(`A schema nests deeper than ${LIMITS.depth} levels.`);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ') || 'never';
  for (const combiner of ['oneOf', 'anyOf'] as const) {
    const options = schema[combiner];
    if (Array.isArray(options)) return options.map((option) => typeOf({ schema: option, depth: depth + 1 })).join(' | ') || 'never';
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? null];
  return types.map((type) => scalar({ type, schema, depth })).join(' | ');
}

function scalar({ type, schema, depth }: { type: Json; schema: Schema; depth: number }): string {
  switch (type) {
    case 'string': return 'string';
    case 'number': case 'integer': return 'number';
    case 'boolean': return 'boolean';
    case 'null': return 'null';
    case 'array': return `Array<${typeOf({ schema: schema.items, depth: depth + 1 })}>`;
    case 'object': return objectType({ schema, depth });
    default: return 'unknown';
  }
}

function objectType({ schema, depth }: { schema: Schema; depth: number }): string {
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (!properties) return 'Record<string, unknown>';
  return `{ ${members({ schema, depth }).join(' ')} }`;
}

/** The server sets these; a write body may carry them but they are ignored. */
const SERVER_SET = new Set(['_id', '_created', '_updated', '_version']);

function members({ schema, depth, skip = new Set() }: { schema: Schema; depth: number; skip?: Set<string> }): string[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties).filter((name) => !skip.has(name));
  if (names.length > LIMITS.properties) throw new OpenApiShapeError(`A schema has more than ${LIMITS.properties} properties.`);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : []);
  return names.map((name) => {
    const property = properties[name];
    const description = isObject(property) && typeof property.description === 'string' ? `/** ${comment(property.description)} */ ` : '';
    return `${description}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf({ schema: property, depth: depth + 1 })};`;
  });
}

interface Found {
  collection: string;
  typeName: string;
}

/** Each collection by its path's name and the type name its schemas carry (`Products`, `Products_Create`). */
function collectionsOf(document: Schema): Found[] {
  if (typeof document.openapi !== 'string' || !isObject(document.paths) || !isObject(document.components) || !isObject(document.components.schemas)) {
    throw new OpenApiShapeError('This is not a Nindo app\'s OpenAPI document (no openapi, paths or components.schemas).');
  }
  const found: Found[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const match = /\/collections\/([^/]+)\/documents$/.exec(path);
    if (!match || !isObject(item)) continue;
    const typeName = typeNameOf(item);
    if (typeName) found.push({ collection: decodeURIComponent(match[1]), typeName });
    if (found.length > LIMITS.collections) throw new OpenApiShapeError(`The document has more than ${LIMITS.collections} collections.`);
  }
  return found;
}

function typeNameOf(item: Schema): string | undefined {
  const post = item.post;
  const body = isObject(post) && isObject(post.requestBody) && isObject(post.requestBody.content) ? post.requestBody.content['application/json'] : undefined;
  const bodyRef = isObject(body) && isObject(body.schema) ? refName(body.schema) : undefined;
  if (bodyRef?.endsWith('_Create')) return bodyRef.slice(0, -'_Create'.length);
  const get = item.get;
  const ok = isObject(get) && isObject(get.responses) && isObject(get.responses['200']) && isObject(get.responses['200'].content) ? get.responses['200'].content['application/json'] : undefined;
  const pageRef = isObject(ok) && isObject(ok.schema) ? refName(ok.schema) : undefined;
  return pageRef?.endsWith('_Page') ? pageRef.slice(0, -'_Page'.length) : undefined;
}

export function typesFromOpenApi({ document, source }: { document: Json; source: string }): string {
  if (!isObject(document)) throw new OpenApiShapeError('This is not a Nindo app\'s OpenAPI document (not a JSON object).');
  const found = collectionsOf(document);
  const schemas = (document.components as Schema).schemas as Schema;
  const lines = [`// Generated by nindo-data types from ${comment(source)}. Do not edit: run it again.`, ''];
  for (const { typeName } of found) {
    const read = schemas[typeName];
    if (!isObject(read)) throw new OpenApiShapeError(`The schema ${typeName} is missing.`);
    lines.push(`export interface ${typeName} {`, ...members({ schema: read, depth: 0 }).map((line) => `  ${line}`), '}', '');
    const create = schemas[`${typeName}_Create`];
    const input = isObject(create) ? members({ schema: create, depth: 0, skip: SERVER_SET }) : [];
    lines.push(`export interface ${typeName}Input {`, ...input.map((line) => `  ${line}`), '}', '');
  }
  lines.push('export interface Collections {');
  for (const { collection, typeName } of found) lines.push(`  ${key(collection)}: { document: ${typeName}; input: ${typeName}Input };`);
  lines.push('}', '');
  return lines.join('\n');
}
