// The bodies the public API takes to create and update a collection's documents, as JSON Schemas
// the live document publishes and the server checks every body against (declared-bodies.ts), so
// the two cannot part. Built on the fields' schemas of rules/database-fields.ts, made as strict
// as the field rules (validate-document.ts) that run after them: unknown keys refused, required
// values not empty, text shapes the rules check (email, web URL, ISO date, upload) as patterns.
// What no schema can say is left to those rules and answered apart: a value a unique field holds
// already, a relation or upload that does not exist (409).
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { DOCUMENT_ID_PATTERN } from '../../../../rules/database';
import { fieldSchema, SYSTEM_PROPERTIES } from '../../../../rules/database-fields';
import type { DatabaseField, FieldType } from '../../../../rules/database-fields';
import { EMAIL_PATTERN } from '../field-types/email';
import { itemType } from '../field-types/array';
import type { Field } from '../model';

const ref = (name: string): JsonSchemaObject => ({ $ref: `#/components/schemas/${name}` });

/** The relation check's bound (field-types/relation.ts). */
const RELATION_MAX_LENGTH = 200;

const SCALAR: JsonSchemaObject = { type: ['string', 'number', 'boolean', 'null'] };

/**
 * Shared by every collection's bodies: what a json field may hold (field-types/json.ts). A list
 * holds values, objects or lists of those; a deeper list goes through an object, since a type that
 * refers to itself through a list is one TypeScript generators cannot write.
 */
export const WRITE_COMPONENTS: Record<string, JsonSchemaObject> = {
  StorableJson: { description: 'Any JSON value; object keys are not empty, hold no dot and do not start with $.', anyOf: [SCALAR, ref('StorableList'), ref('StorableObject')] },
  StorableObject: { type: 'object', propertyNames: { pattern: '^[^.$][^.]*$' }, additionalProperties: ref('StorableJson') },
  StorableList: { type: 'array', items: { anyOf: [SCALAR, ref('StorableObject'), { type: 'array', items: { anyOf: [SCALAR, ref('StorableObject')] } }] } },
};

/** A character of a URL's path, query or fragment as RFC 3986 allows it: percent-encoded or plain. */
const URL_CHARACTER = "(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9._~!$&'()*+,;=:@/-])";

/**
 * An http(s) URL that both the rules' WHATWG parser and an RFC 3986 `uri` check read: a named host
 * (no IP literal or user info), a port up to 65535, then path, query and fragment in RFC 3986's
 * characters. Each part has one way to match, so no input makes it backtrack.
 */
const WEB_URL_PATTERN = [
  '^[Hh][Tt][Tt][Pp][Ss]?://(?:[A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*',
  '(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?',
  `(?:/${URL_CHARACTER}*)?`,
  `(?:\\?(?:${URL_CHARACTER}|\\?)*)?`,
  `(?:#(?:${URL_CHARACTER}|\\?)*)?$`,
].join('');

const withoutFormat = (schema: JsonSchemaObject): JsonSchemaObject => Object.fromEntries(Object.entries(schema).filter(([keyword]) => keyword !== 'format'));

/** Each type's shape as the rules check it, added to the value's schema from rules/. */
const SHAPES: Partial<Record<FieldType, (schema: JsonSchemaObject) => JsonSchemaObject>> = {
  email: (schema) => ({ ...schema, pattern: EMAIL_PATTERN }),
  url: (schema) => ({ ...schema, pattern: WEB_URL_PATTERN }),
  date: (schema) => ({ ...schema, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
  // An upload's address on this server or its bare id (field-types/media.ts): no full URI.
  media: (schema) => ({ ...withoutFormat(schema), pattern: '^(/api/user/file/)?[A-Za-z0-9-]{1,100}$' }),
  relation: (schema) => ({ ...schema, maxLength: RELATION_MAX_LENGTH }),
  json: (schema) => ({ ...schema, ...ref('StorableJson') }),
};

function shaped(field: Field, value: JsonSchemaObject): JsonSchemaObject {
  const shape = SHAPES[itemType(field)];
  const withShape = shape ? shape(value) : value;
  // The rules hold any string value to a field's enum, whatever its type.
  const allowed = field.validation?.enum;
  return allowed?.length && withShape.type === 'string' ? { ...withShape, enum: [...allowed] } : withShape;
}

const EMPTY_VALUES = [null, '', []];

/** A required field takes no empty value; another takes null to be left empty. */
function requiredness(schema: JsonSchemaObject, required: boolean): JsonSchemaObject {
  const { type } = schema;
  if (required) {
    if (type === 'string') return { ...schema, minLength: Math.max(1, Number(schema.minLength ?? 0)) };
    if (type === 'array') return { ...schema, minItems: 1 };
    return type === undefined ? { ...schema, not: { enum: EMPTY_VALUES } } : schema;
  }
  if (typeof type !== 'string') return schema;
  const nullable: JsonSchemaObject = { ...schema, type: [type, 'null'] };
  return Array.isArray(schema.enum) ? { ...nullable, enum: [...schema.enum, null] } : nullable;
}

function writeSchema({ field, mode }: { field: Field; mode: 'create' | 'update' }): JsonSchemaObject {
  const { default: fallback, ...declared } = fieldSchema(field as DatabaseField);
  const value = declared.type === 'array' ? { ...declared, items: shaped(field, declared.items as JsonSchemaObject) } : shaped(field, declared);
  const schema = requiredness(value, field.validation?.required === true);
  // Said, not declared as `default`: generators (openapi-typescript) make a field with a default required.
  return mode === 'create' && fallback !== undefined ? { ...schema, description: `Left out: ${JSON.stringify(fallback)}.` } : schema;
}

/**
 * Any value is accepted and ignored, so a client may send back a document it read. Not `readOnly`:
 * OpenAPI says a readOnly property should not be sent, and fuzzers (Schemathesis) then expect a
 * body holding one to be refused, which the server does not do.
 */
const IGNORED_SYSTEM_FIELDS = Object.fromEntries(
  Object.entries({ ...SYSTEM_PROPERTIES, _version: { title: 'Version' } }).map(([name, { title }]) => [name, { title, description: 'Set by the server; any value sent is ignored.' }]),
);

/** The app may give a document to one of its users (or take it back with null); a user's own body never sets it. */
const OWNER_PROPERTY: JsonSchemaObject = {
  type: ['string', 'null'],
  title: 'Owner',
  maxLength: 200,
  description: 'The app user who owns the document. Set by the server to the user who creates it; only the app may set or change it (ignored from a user).',
};

/** A create may name its document, so a client can create offline and send the create again safely. */
const CHOSEN_ID_PROPERTY: JsonSchemaObject = {
  type: 'string',
  title: 'Id',
  pattern: DOCUMENT_ID_PATTERN,
  description: "The new document's id, chosen by the client; left out, the server picks one. An id a document holds already answers 409.",
};

/** Creating needs the required fields that have no default value. */
const needed = (field: Field): boolean => field.validation?.required === true && [undefined, null, ''].includes(field.defaultValue as string | null | undefined);

export function writeSchemas({ attributes, title }: { attributes: ReadonlyArray<Field>; title: string }): { create: JsonSchemaObject; update: JsonSchemaObject } {
  const writable = attributes.filter((field) => field.type !== 'uid');
  const body = (mode: 'create' | 'update'): JsonSchemaObject => ({
    type: 'object',
    additionalProperties: false,
    properties: { ...IGNORED_SYSTEM_FIELDS, ...(mode === 'create' ? { _id: CHOSEN_ID_PROPERTY } : {}), _owner: OWNER_PROPERTY, ...Object.fromEntries(writable.map((field) => [field.name, writeSchema({ field, mode })])) },
  });
  const required = writable.filter(needed).map((field) => field.name);
  return {
    create: {
      ...body('create'),
      title: `New ${title}`,
      description: 'A field left out takes its default value; null leaves a field that is not required empty.',
      ...(required.length ? { required } : {}),
    },
    update: {
      ...body('update'),
      title: `${title} changes`,
      description: 'Only the fields sent change; null removes a field that is not required.',
    },
  };
}
