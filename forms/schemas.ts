// Gives RJSF a schema it can resolve: the generated JSON Schemas keep OpenAPI refs
// (`#/components/schemas/X`), so the form's root schema carries the whole components map.
import type { RJSFSchema } from '@rjsf/utils';
import * as generated from '../generated/client/schemas.gen';

export type JsonSchema = Readonly<Record<string, unknown>>;

const SUFFIX = 'Schema';

/** Every generated schema by its OpenAPI name (`LoginRequestSchema` -> `LoginRequest`). */
export const allSchemas: Record<string, JsonSchema> = Object.fromEntries(
  Object.entries(generated as Record<string, JsonSchema>)
    .filter(([key]) => key.endsWith(SUFFIX))
    .map(([key, schema]) => [key.slice(0, -SUFFIX.length), schema]),
);

export function schemaByName(name: string): JsonSchema {
  const schema = allSchemas[name];
  if (!schema) throw new Error(`No generated schema named "${name}" (did you run npm run generate?)`);
  return schema;
}

/** The schema as a form root: the schema itself plus the components its refs point into. */
export function rootSchema({ schema, definitions = allSchemas }: { schema: JsonSchema; definitions?: Record<string, JsonSchema> }): RJSFSchema {
  return { ...schema, components: { schemas: definitions } } as RJSFSchema;
}
