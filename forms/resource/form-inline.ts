// An object property drawn in its parent's form (`x-ui.inline`): its properties take its place,
// as the parent's own, and the values move in and out of it around the form. A field's
// validation flags are edited beside its name so, and a flag added to the document shows too.
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf, resolveSchema } from './columns';
import { REST, UI_HINTS, orderedKeys, propertyHints, schemaHints } from './ui-hints';

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };
type Values = Readonly<Record<string, unknown>>;
type Definitions = Readonly<Record<string, JsonSchema>>;

const isInline = (property: JsonSchema): boolean => propertyHints(property).inline === true;
const isRecord = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The inline properties' own properties, in their order, by the inline property's key. */
function inlined({ schema, definitions }: { schema: JsonSchema; definitions: Definitions }): Map<string, { schema: JsonSchema; keys: string[] }> {
  const properties = propertiesOf({ schema, definitions });
  const declared = ((resolveSchema({ schema, definitions }) as ObjectSchema).properties ?? {}) as Record<string, JsonSchema>;
  return new Map(
    Object.entries(properties)
      .filter(([, property]) => isInline(property))
      .map(([key, property]) => {
        // The object's own hints (its order), not those the parent writes beside its $ref.
        const ref = declared[key]?.$ref;
        const inner = typeof ref === 'string' ? resolveSchema({ schema: { $ref: ref }, definitions }) : property;
        return [key, { schema: inner, keys: orderedKeys({ keys: Object.keys(propertiesOf({ schema: property, definitions })), order: schemaHints(inner).order }) }];
      }),
  );
}

/** The schema with each inline property replaced by its properties (in its place; its group theirs unless they give one). */
export function inlineSchema({ schema, definitions = loadedSchemas() }: { schema: JsonSchema; definitions?: Definitions }): JsonSchema {
  const resolved = resolveSchema({ schema, definitions }) as ObjectSchema;
  const properties = propertiesOf({ schema, definitions });
  const inner = inlined({ schema, definitions });
  const flat: Record<string, JsonSchema> = {};
  const required = (resolved.required ?? []).filter((key) => !inner.has(key));
  for (const key of orderedKeys({ keys: Object.keys(properties), order: schemaHints(resolved).order })) {
    const part = inner.get(key);
    if (!part) {
      flat[key] = properties[key];
      continue;
    }
    const group = propertyHints(properties[key]).group;
    const own = propertiesOf({ schema: properties[key], definitions });
    for (const innerKey of part.keys) {
      if (Object.hasOwn(properties, innerKey) || Object.hasOwn(flat, innerKey)) throw new Error(`x-ui.inline: ${key}.${innerKey} would take the place of ${innerKey}`);
      const property = own[innerKey];
      flat[innerKey] = group && !propertyHints(property).group ? { ...property, [UI_HINTS]: { ...propertyHints(property), group } } : property;
    }
    required.push(...(((part.schema as ObjectSchema).required ?? []) as string[]));
  }
  return { ...resolved, properties: flat, required, [UI_HINTS]: { ...schemaHints(resolved), order: [...Object.keys(flat), REST] } };
}

/** A record's values as the inlined form holds them: each inline object's values beside the others. */
export function inlineValues({ schema, record, definitions = loadedSchemas() }: { schema: JsonSchema; record: Values; definitions?: Definitions }): Record<string, unknown> {
  const keys = new Set(inlined({ schema, definitions }).keys());
  const own = Object.entries(record).filter(([key]) => !keys.has(key));
  const inner = [...keys].flatMap((key) => (isRecord(record[key]) ? Object.entries(record[key]) : []));
  return Object.fromEntries([...own, ...inner]);
}

/** The form's values back in the record's shape: each inline object's values gathered under its key. */
export function nestedValues({ schema, values, definitions = loadedSchemas() }: { schema: JsonSchema; values: Values; definitions?: Definitions }): Record<string, unknown> {
  const parts = [...inlined({ schema, definitions })];
  const moved = new Set(parts.flatMap(([, part]) => part.keys));
  const own = Object.entries(values).filter(([key]) => !moved.has(key));
  const gathered = parts.map(([key, part]) => [key, Object.fromEntries(part.keys.filter((innerKey) => values[innerKey] !== undefined).map((innerKey) => [innerKey, values[innerKey]]))] as const);
  return Object.fromEntries([...own, ...gathered]);
}
