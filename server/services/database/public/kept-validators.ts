// The validators of a collection's declared schemas (bodies, filters), kept per collection and
// its fields: building one (schemas from the fields, then the validator's index of them) costs
// more than checking a value with a kept one. The key holds the fields themselves, so a changed
// field is a new key and nothing kept goes stale; past 500, the oldest goes first. Interpreted by
// @cfworker/json-schema, not compiled: no code is generated from what an app's developer
// declared. Formats are left out: the field rules and the filter grammar check them in linear
// time (the schemas carry the shapes as patterns), where a format check would run its own
// regular expressions (a `regex` value compiled at every call).
import { hash } from 'node:crypto';
import { Validator } from '@cfworker/json-schema';
import type { Schema } from '@cfworker/json-schema';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import type { CollectionDoc } from '../model';

const MAX_KEPT = 500;
const kept = new Map<string, Validator>();

/** The `format` keywords (strings), not a property named format (a schema). */
const withoutFormats = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutFormats);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([key, value]) => !(key === 'format' && typeof value === 'string')).map(([key, value]) => [key, withoutFormats(value)]));
};

export function keptValidator({
  kind,
  collection,
  schemas,
  shortCircuit,
}: {
  kind: string;
  collection: CollectionDoc;
  /** The components, the one checked named `kind`. */
  schemas: () => Record<string, JsonSchemaObject>;
  /** Stop at the first error: enough where only the place of the first one is told. */
  shortCircuit: boolean;
}): Validator {
  const fields = hash('sha256', JSON.stringify(collection.attributes), 'base64url');
  const key = `${kind}:${collection._id}:${collection.displayName}:${fields}`;
  let validator = kept.get(key);
  if (!validator) {
    const root = { $ref: `#/components/schemas/${kind}`, components: { schemas: withoutFormats(schemas()) } };
    validator = new Validator(root as Schema, '2020-12', shortCircuit);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, validator);
  }
  return validator;
}
