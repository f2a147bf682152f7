// Gives RJSF a schema it can resolve: the generated JSON Schemas keep OpenAPI refs
// (`#/components/schemas/X`), so the form's root schema carries the components they point into.
import type { RJSFSchema } from '@rjsf/utils';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** The schema as a form root: the schema itself plus the components its refs point into. */
export function formRoot({ schema, definitions }: { schema: JsonSchema; definitions: Record<string, JsonSchema> }): RJSFSchema {
  return { ...schema, components: { schemas: definitions } } as RJSFSchema;
}
