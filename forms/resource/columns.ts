// A resource's columns from its record schema: header from `title`, format from type and
// format (cell-format.ts). The description only picks and orders them, or renames one.
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { cellFormatOf } from './cell-format';
import type { CellFormat } from './cell-format';
import { listedKeys } from './ui-hints';

export type ResourceColumn = { field: string; header: string; format: CellFormat };

/** A column as a description names it: a property, or a property with another header or format. */
export type ColumnChoice = string | { field: string; header?: string; format?: CellFormat };

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema> };

const REF_PREFIX = '#/components/schemas/';

/** Follows a `#/components/schemas/X` ref (the generated schemas keep them). */
export function resolveSchema({ schema, definitions = loadedSchemas() }: { schema: JsonSchema; definitions?: Record<string, JsonSchema> }): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(REF_PREFIX)) return schema;
  const target = definitions[ref.slice(REF_PREFIX.length)];
  if (!target) throw new Error(`Unresolved schema ref ${ref}`);
  return resolveSchema({ schema: target, definitions });
}

/** The properties of an object schema (an `allOf`'s parts merged, in order), each with its refs followed. */
export function propertiesOf({ schema, definitions = loadedSchemas() }: { schema: JsonSchema; definitions?: Record<string, JsonSchema> }): Record<string, JsonSchema> {
  const resolved = resolveSchema({ schema, definitions }) as ObjectSchema & { allOf?: JsonSchema[] };
  const parts = (resolved.allOf ?? []).map((part) => propertiesOf({ schema: part, definitions }));
  const own = Object.entries(resolved.properties ?? {}).map(([key, property]) => [key, followed({ property, definitions })] as const);
  return Object.assign({}, ...parts, Object.fromEntries(own)) as Record<string, JsonSchema>;
}

/** A property with its ref followed, keeping what the document says beside the ref (its title, its `x-ui`). */
function followed({ property, definitions }: { property: JsonSchema; definitions: Record<string, JsonSchema> }): JsonSchema {
  if (typeof property.$ref !== 'string') return property;
  const { $ref: _ref, ...beside } = property;
  return { ...resolveSchema({ schema: property, definitions }), ...beside };
}

const humanise = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/**
 * The columns to show: the chosen ones in their order, else every property the schema's
 * hints list (ui-hints.ts: in `x-ui.order`, scalar, not `list: false`); objects need a screen of their own.
 */
export function resourceColumns({ schema, columns, definitions = loadedSchemas() }: { schema: JsonSchema; columns?: ReadonlyArray<ColumnChoice>; definitions?: Record<string, JsonSchema> }): ResourceColumn[] {
  const properties = propertiesOf({ schema, definitions });
  const chosen = columns ?? listed({ schema, definitions }).shown;
  return chosen.map((choice) => {
    const { field, header, format } = typeof choice === 'string' ? { field: choice } : choice;
    const { property, siblings } = nestedProperty({ properties, path: field.split('.'), definitions });
    if (!property) throw new Error(`Schema has no property "${field}"`);
    const title = typeof property.title === 'string' ? property.title : humanise(field.split('.').pop() ?? field);
    return { field, header: header ?? title, format: format ?? cellFormatOf({ property, siblings }) };
  });
}

/** A property by its dotted path ('plan.name': a value of a nested object, as AG Grid reads such a field). */
function nestedProperty({ properties, path, definitions }: { properties: Record<string, JsonSchema>; path: string[]; definitions: Record<string, JsonSchema> }): { property?: JsonSchema; siblings: Record<string, JsonSchema> } {
  const [head, ...rest] = path;
  const property = Object.hasOwn(properties, head) ? properties[head] : undefined;
  if (!property || rest.length === 0) return { property, siblings: properties };
  return nestedProperty({ properties: propertiesOf({ schema: property, definitions }), path: rest, definitions });
}

/** The listed columns kept under Columns until picked (`x-ui: { list: hidden }`). */
export function hiddenColumnsOf({ schema, definitions = loadedSchemas() }: { schema: JsonSchema; definitions?: Record<string, JsonSchema> }): string[] {
  return listed({ schema, definitions }).hidden;
}

/** The listed properties of a schema, nested values its order names included. */
function listed({ schema, definitions }: { schema: JsonSchema; definitions: Record<string, JsonSchema> }): { shown: string[]; hidden: string[] } {
  const properties = propertiesOf({ schema, definitions });
  return listedKeys({ schema: resolveSchema({ schema, definitions }), properties, nested: (path) => nestedProperty({ properties, path: path.split('.'), definitions }).property });
}
