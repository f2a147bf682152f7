// What the OpenAPI document says about stored records: a component schema marked
// `x-stored-in: <collection>` describes the records of that collection, one record one value,
// and so does every declared resource (`x-resource`, rules/resource-declaration.ts) with no
// marker: its own collection's records, or the records in its parent's list. Its shape (required properties, each property's types, enum and whether it has a default) is
// what start-up compares with the shape recorded at the last start (docs/operations.md).
import { declaredResources } from '../../rules/resource-declaration';
import type { EntitySchema } from '../../rules/resource-declaration';

export interface PropertyShape {
  types: string[];
  enum?: unknown[];
  hasDefault: boolean;
  /** `x-computed: true`: the service derives it (an id, a count), so stored records never hold it. */
  computed: boolean;
}

export interface StoredShape {
  schema: string;
  collection: string;
  /** A declared resource kept in its parent's documents: the list that holds its records. */
  embedded?: string;
  required: string[];
  properties: Record<string, PropertyShape>;
}

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  required?: string[];
  properties?: Record<string, SchemaNode>;
  allOf?: SchemaNode[];
  'x-stored-in'?: string;
  'x-computed'?: boolean;
}

interface DocumentWithSchemas {
  components?: { schemas?: Record<string, SchemaNode> };
}

const SCHEMA_REF = '#/components/schemas/';

function resolver(schemas: Record<string, SchemaNode>): (node: SchemaNode) => SchemaNode {
  return (node) => {
    let current = node;
    // A chain of bare $refs ends at a schema; a cycle of them would be a broken document.
    for (let hops = 0; current.$ref?.startsWith(SCHEMA_REF) && hops < 32; hops += 1) {
      current = schemas[current.$ref.slice(SCHEMA_REF.length)] ?? {};
    }
    return current;
  };
}

const typesOf = (node: SchemaNode): string[] => {
  if (Array.isArray(node.type)) return [...node.type].sort();
  if (node.type) return [node.type];
  return [];
};

function propertyShape(node: SchemaNode): PropertyShape {
  const enumValues = node.enum ?? (node.const !== undefined ? [node.const] : undefined);
  return { types: typesOf(node), ...(enumValues ? { enum: enumValues } : {}), hasDefault: node.default !== undefined, computed: node['x-computed'] === true };
}

/** Every declared resource and every schema marked `x-stored-in`, its own properties merged with those of its allOf parts. */
export function storedShapes(document: DocumentWithSchemas): StoredShape[] {
  const schemas = document.components?.schemas ?? {};
  const resolve = resolver(schemas);
  const merge = (node: SchemaNode, into: { required: Set<string>; properties: Record<string, PropertyShape> }, depth: number): void => {
    const schema = resolve(node);
    if (depth > 8) return;
    for (const part of schema.allOf ?? []) merge(part, into, depth + 1);
    for (const name of schema.required ?? []) into.required.add(name);
    for (const [name, property] of Object.entries(schema.properties ?? {})) into.properties[name] = propertyShape(resolve(property));
  };
  const shapeOf = (name: string): Pick<StoredShape, 'required' | 'properties'> => {
    const into = { required: new Set<string>(), properties: {} };
    merge(schemas[name], into, 0);
    return { required: [...into.required].sort(), properties: into.properties };
  };
  const declared = declaredResources(document as { components: { schemas: Record<string, EntitySchema> } }).map((resource): StoredShape => {
    const { required, properties } = shapeOf(resource.name);
    const embedded = resource.parent?.embedded;
    // A record of its own collection answers its _id as the id, so the id is never stored.
    if (!embedded && properties.id) properties.id = { ...properties.id, computed: true };
    return { schema: resource.name, collection: resource.collection, ...(embedded ? { embedded } : {}), required, properties };
  });
  const names = new Set(declared.map((shape) => shape.schema));
  const marked = Object.entries(schemas)
    .filter(([name, schema]) => typeof schema['x-stored-in'] === 'string' && !names.has(name))
    .map(([name, schema]) => ({ schema: name, collection: schema['x-stored-in'] as string, ...shapeOf(name) }));
  return [...marked, ...declared];
}
