// A write schema drawn as several forms (`x-ui.forms`): each screen asks for its part by name and
// gets the schema cut to that part's fields, so a property added to the document lands in the
// part holding '*' with no code, and no screen keeps a list of the fields it shows.
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf, resolveSchema } from './columns';
import { REST, schemaHints } from './ui-hints';

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };

/** The schema with only the properties of its form part `part`, in the part's order; throws for a part the hints lack. */
export function formPartSchema({ schema, part, definitions = loadedSchemas() }: { schema: JsonSchema; part: string; definitions?: Record<string, JsonSchema> }): JsonSchema {
  const resolved = resolveSchema({ schema, definitions }) as ObjectSchema;
  const parts = schemaHints(resolved).forms ?? {};
  const chosen = Object.hasOwn(parts, part) ? parts[part] : undefined;
  if (!chosen) throw new Error(`The schema's x-ui.forms has no part "${part}"`);
  const properties = propertiesOf({ schema, definitions });
  const elsewhere = new Set(Object.entries(parts).flatMap(([name, other]) => (name === part ? [] : other.fields.filter((field) => field !== REST))));
  const named = new Set(chosen.fields.filter((field) => field !== REST));
  const rest = Object.keys(properties).filter((key) => !elsewhere.has(key) && !named.has(key));
  const keys = chosen.fields.flatMap((field) => (field === REST ? rest : Object.hasOwn(properties, field) ? [field] : []));
  const required = [...new Set([...(resolved.required ?? []), ...(chosen.required ?? [])])].filter((key) => keys.includes(key));
  return { ...resolved, properties: Object.fromEntries(keys.map((key) => [key, properties[key]])), required };
}
