// The auth forms show only what the visitor types: fields the page fills itself (captcha
// token, redirect, route token...) and API descriptions are dropped from the generated
// schema, and signup / developer join add a terms checkbox that is not part of the request.
import { schemaOf } from '../../../../forms/schemas';
import type { JsonSchema, SchemaEntry } from '../../../../forms/schemas';

export interface Terms {
  terms?: boolean;
}

const strip = (property: unknown): unknown => {
  if (typeof property !== 'object' || property === null) return property;
  const { description: _description, ...rest } = property as Record<string, unknown>;
  return rest;
};

export function formSchema({ entry, omit, terms }: { entry: SchemaEntry; omit: string[]; terms?: boolean }): JsonSchema {
  const schema = schemaOf(entry);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, unknown>)
    .filter(([name]) => !omit.includes(name))
    .map(([name, property]) => [name, strip(property)]);
  const required = ((schema.required ?? []) as string[]).filter((name) => !omit.includes(name));
  const { description: _description, ...rest } = schema;
  return {
    ...rest,
    required,
    properties: { ...Object.fromEntries(properties), ...(terms === undefined ? {} : { terms: { type: 'boolean', default: terms } }) },
  };
}

export const termsTicked = (data: Terms): boolean => data.terms === true;

export function withoutTerms<T extends Terms>(data: T): Omit<T, 'terms'> {
  const { terms: _terms, ...rest } = data;
  return rest;
}
