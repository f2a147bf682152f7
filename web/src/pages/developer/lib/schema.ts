// Form schemas derived from the generated ones, for screens that show part of a request body.
import type { JsonSchema, SchemaEntry } from '../../../../../forms/schemas';
import { schemaOf } from '../../../../../forms/schemas';

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * A property of a generated schema (e.g. AppEndpoints.authCallback), to reuse its limits and title.
 * The form drops its API description (forms/root-schema.ts); the uiSchema gives the help text.
 */
export function propertyOf(entry: SchemaEntry, key: string): JsonSchema {
  return (schemaOf(entry) as ObjectSchema).properties?.[key] ?? { type: 'string' };
}
