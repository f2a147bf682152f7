// Gives RJSF a schema it can resolve: the generated JSON Schemas keep OpenAPI refs
// (`#/components/schemas/X`), so the form's root schema carries the components they point into.
// Their `description`s are written for the OpenAPI document (server rules, status codes), so the
// form never sees them: help text on a screen comes from the uiSchema ('ui:description', 'ui:help').
import type { RJSFSchema } from '@rjsf/utils';

export type JsonSchema = Readonly<Record<string, unknown>>;

const undocumented = new WeakMap<object, unknown>();
/** Keywords that hold data, not schemas: a value's own `description` key is kept. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);

/** The value without any string `description` keyword (a property named description is an object, and stays). */
function withoutDescriptions(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = undocumented.get(value);
  if (known) return known;
  const stripped = Array.isArray(value)
    ? value.map(withoutDescriptions)
    : Object.fromEntries(Object.entries(value).filter(([key, v]) => !(key === 'description' && typeof v === 'string')).map(([key, v]) => [key, DATA_KEYWORDS.has(key) ? v : withoutDescriptions(v)]));
  undocumented.set(value, stripped);
  return stripped;
}

/** The schema as a form root: the schema itself plus the components its refs point into, without API descriptions. */
export function formRoot({ schema, definitions }: { schema: JsonSchema; definitions: Record<string, JsonSchema> }): RJSFSchema {
  return { ...(withoutDescriptions(schema) as JsonSchema), components: { schemas: withoutDescriptions(definitions) } } as RJSFSchema;
}
