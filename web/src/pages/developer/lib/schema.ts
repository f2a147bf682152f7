// Form schemas derived from the generated ones, for screens that show part of a request body.
import type { JsonSchema } from '../../../../../forms/schemas';
import { schemaByName } from '../../../../../forms/schemas';

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };

/** The named schema reduced to some of its properties, optionally with other required ones. */
export function pickSchema({ name, keys, required }: { name: string; keys: string[]; required?: string[] }): JsonSchema {
  const schema = schemaByName(name) as ObjectSchema;
  const properties = Object.fromEntries(keys.map((k) => [k, propertyOf(name, k)]));
  return { ...schema, properties, required: required ?? (schema.required ?? []).filter((k) => keys.includes(k)) };
}

/**
 * A property of a named schema (e.g. AppEndpoints.authCallback), to reuse its limits and title.
 * The form drops its API description (forms/root-schema.ts); the uiSchema gives the help text.
 */
export function propertyOf(name: string, key: string): JsonSchema {
  return (schemaByName(name) as ObjectSchema).properties?.[key] ?? { type: 'string' };
}
