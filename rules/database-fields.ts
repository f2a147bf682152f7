// The fields of a user's collection (spec 001 section 3) and the JSON Schema each one means.
// One function turns a collection's attributes into the JSON Schema of its documents: the
// browser's document form is generated from it, the server's live OpenAPI document uses it.
import { isReferenceType, MAX_REFERENCE_ITEMS } from './input-limits';
import type { JsonSchemaObject } from './json-schema';

export const FIELD_TYPES = ['text', 'email', 'rich-text', 'password', 'number', 'enumeration', 'date', 'boolean', 'json', 'uid', 'url', 'array', 'relation', 'media'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The field-type picker offers the first twelve (spec 001 section 3). */
export const PICKER_FIELD_TYPES: ReadonlyArray<FieldType> = FIELD_TYPES.slice(0, 12);

/** An array holds values of one other type, never arrays. */
export const ARRAY_SUBTYPES: ReadonlyArray<FieldType> = FIELD_TYPES.filter((type) => type !== 'array');

export type FieldValidation = {
  required?: boolean;
  indexable?: boolean;
  unique?: boolean;
  private?: boolean;
  array?: boolean;
  maxLength?: number | null;
  minLength?: number | null;
  enum?: ReadonlyArray<string>;
};

export type DatabaseField = {
  id?: string;
  name: string;
  displayName: string;
  defaultValue?: unknown;
  type: FieldType;
  /** The type of an array's items. */
  subtype?: FieldType;
  validation?: FieldValidation;
  /** For relation fields: the name of the collection the value points into. */
  relation?: string;
};

/** The field type a schema fragment came from, for screens that draw some types their own way. */
export const FIELD_TYPE_KEY = 'x-field-type';

const lengths = (validation: FieldValidation = {}): JsonSchemaObject => ({
  ...(typeof validation.minLength === 'number' ? { minLength: validation.minLength } : {}),
  ...(typeof validation.maxLength === 'number' ? { maxLength: validation.maxLength } : {}),
});

/** One value of a type (an array's item, or the field itself when it is not an array). */
function valueSchema({ type, validation }: { type: FieldType; validation?: FieldValidation }): JsonSchemaObject {
  switch (type) {
    case 'text':
    case 'rich-text':
      return { type: 'string', ...lengths(validation) };
    case 'email':
      return { type: 'string', format: 'email', ...lengths(validation) };
    case 'password':
      return { type: 'string', writeOnly: true, ...lengths(validation) };
    case 'number':
      return { type: 'number' };
    case 'enumeration':
      return { type: 'string', enum: [...(validation?.enum ?? [])] };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'boolean':
      return { type: 'boolean' };
    case 'json':
      return {};
    case 'uid':
      return { type: 'string', readOnly: true };
    case 'url':
      return { type: 'string', format: 'uri', ...lengths(validation) };
    case 'media':
      // The upload's address on this server (/api/user/file/{id}): a reference, not a full URI.
      return { type: 'string', format: 'uri-reference', ...lengths(validation) };
    case 'relation':
      return { type: 'string', minLength: 1 };
    case 'array':
      return { type: 'array' };
  }
}

/** The JSON Schema of one field's value, titled by its display name. */
export function fieldSchema(field: DatabaseField): JsonSchemaObject {
  const { type, subtype, validation, displayName, defaultValue, relation } = field;
  const isArray = type === 'array' || validation?.array === true;
  const itemType = type === 'array' ? (subtype ?? 'text') : type;
  const item = valueSchema({ type: itemType, validation });
  const bounded = isReferenceType(itemType) ? { maxItems: MAX_REFERENCE_ITEMS } : {};
  const schema: JsonSchemaObject = isArray ? { type: 'array', items: item, ...bounded } : item;
  return {
    ...schema,
    title: displayName || field.name,
    [FIELD_TYPE_KEY]: type,
    ...(relation ? { 'x-relation': relation } : {}),
    ...(defaultValue !== undefined && defaultValue !== null && defaultValue !== '' ? { default: defaultValue } : {}),
  };
}

export type DocumentSchemaMode = 'create' | 'update' | 'read';

/** Every document carries these besides its fields. */
export const SYSTEM_PROPERTIES: Readonly<Record<'_id' | '_created' | '_updated', JsonSchemaObject>> = {
  _id: { type: 'string', title: 'ID', readOnly: true },
  _created: { type: 'string', format: 'date-time', title: 'Created', readOnly: true },
  _updated: { type: 'string', format: 'date-time', title: 'Updated', readOnly: true },
};

/**
 * The system properties titled apart from the fields: one whose title a field's already has (a
 * field named `created`) reads 'Created (system)', so two columns never share a header (issue 27).
 */
function systemProperties(fields: ReadonlyArray<DatabaseField>): Record<string, JsonSchemaObject> {
  const taken = new Set(fields.map((field) => (field.displayName || field.name).trim().toLowerCase()));
  return Object.fromEntries(
    Object.entries(SYSTEM_PROPERTIES).map(([name, property]) => {
      const title = String(property.title);
      return [name, taken.has(title.toLowerCase()) ? { ...property, title: `${title} (system)` } : property];
    }),
  );
}

// The server makes uid values; password values are written, never read back.
const writable = (field: DatabaseField) => field.type !== 'uid';
const readable = (field: DatabaseField) => field.type !== 'password';

/**
 * The JSON Schema of a collection's documents: for `create` and `update` the fields a client
 * sends (required ones required on create only), for `read` what comes back (with _id,
 * _created and _updated, never passwords).
 */
export function documentSchema({ attributes, mode, title }: { attributes: ReadonlyArray<DatabaseField>; mode: DocumentSchemaMode; title?: string }): JsonSchemaObject {
  const fields = attributes.filter(mode === 'read' ? readable : writable);
  const properties = Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)]));
  const required = mode === 'create' ? fields.filter((field) => field.validation?.required).map((field) => field.name) : [];
  return {
    type: 'object',
    ...(title ? { title } : {}),
    properties: mode === 'read' ? { ...systemProperties(fields), ...properties } : properties,
    ...(required.length ? { required } : {}),
  };
}
