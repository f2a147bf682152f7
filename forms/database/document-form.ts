// The new/update document popup of a collection, generated from the collection's own fields
// (rules/database-fields.ts): the same JSON Schema the server's OpenAPI document publishes,
// with the widgets a person needs (a text area for rich text and JSON, an upload for media, a
// document picker for relations when the app is known).
// JSON values are edited as text and parsed back on submit.
import type { UiSchema } from '@rjsf/utils';
import { documentSchema, FIELD_TYPE_KEY } from '../../rules/database-fields';
import type { DatabaseField, FieldType } from '../../rules/database-fields';
import { DATABASE_MESSAGES } from '../../rules/database';
import type { JsonSchemaObject } from '../../rules/json-schema';
import type { ResourceForm } from '../resource/form';
import { ApiError } from '../server-errors';

export const INVALID_JSON = 'Must be valid JSON';

export type DocumentValues = Record<string, unknown>;

const WIDGETS: Partial<Record<FieldType, UiSchema>> = {
  'rich-text': { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } },
  json: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 }, 'ui:placeholder': '{"key": "value"}' },
  password: { 'ui:widget': 'password' },
  media: { 'ui:widget': 'imageUpload' },
  uid: { 'ui:readonly': true },
};

/** A relation (or a list of them) is picked among the target collection's documents of the app. */
function relationPicker({ appId, field }: { appId: string; field: DatabaseField }): UiSchema {
  const picker: UiSchema = { 'ui:widget': 'relation', 'ui:options': { appId, collection: field.relation } };
  return field.type === 'array' || field.validation?.array ? { items: picker } : picker;
}

/** The relation fields (single or lists), which the documents table reads expanded. */
export const relationFields = (attributes: ReadonlyArray<DatabaseField>): DatabaseField[] =>
  attributes.filter((field) => (field.type === 'relation' || field.subtype === 'relation') && Boolean(field.relation));

// An expanded relation (the related document) is edited as its id.
const idOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && '_id' in value ? (value as { _id: unknown })._id : value;

const jsonFields = (attributes: ReadonlyArray<DatabaseField>) => attributes.filter((field) => field.type === 'json').map((field) => field.name);

// A JSON value is typed as text in the form.
const asText = (schema: JsonSchemaObject): JsonSchemaObject => {
  const properties = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchemaObject>).map(([name, property]) => [
      name,
      property[FIELD_TYPE_KEY] === 'json' ? { type: 'string', title: property.title, [FIELD_TYPE_KEY]: 'json' } : property,
    ]),
  );
  return { ...schema, properties };
};

/** JSON text back to its value; text that is not JSON is reported under its field. */
export function parseJsonFields({ attributes, data }: { attributes: ReadonlyArray<DatabaseField>; data: DocumentValues }): { body: DocumentValues; fieldErrors: Record<string, string> } {
  const body: DocumentValues = { ...data };
  const fieldErrors: Record<string, string> = {};
  for (const name of jsonFields(attributes)) {
    const text = data[name];
    if (typeof text !== 'string' || !text.trim()) continue;
    try {
      body[name] = JSON.parse(text);
    } catch {
      fieldErrors[name] = INVALID_JSON;
    }
  }
  return { body, fieldErrors };
}

/** A stored document as the form shows it (JSON values as text, relations as ids). */
export function documentFormData({ attributes, row }: { attributes: ReadonlyArray<DatabaseField>; row: DocumentValues }): DocumentValues {
  const data: DocumentValues = { ...row };
  for (const { name } of relationFields(attributes)) {
    const value = row[name];
    if (value !== undefined) data[name] = Array.isArray(value) ? value.map(idOf) : idOf(value);
  }
  for (const name of jsonFields(attributes)) if (row[name] !== undefined) data[name] = JSON.stringify(row[name], null, 2);
  return data;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The popups of a collection's documents, as the resource pattern's form options: the create
 * or update schema (edit: nothing required), the widgets, and the spec's 'Some required fields
 * are missing' above the fields' own errors when a new document leaves one empty.
 */
export function documentForm<Row extends DocumentValues>(attributes: ReadonlyArray<DatabaseField>, { appId }: { appId?: string } = {}): ResourceForm<Row, DocumentValues, undefined> {
  const create = asText(documentSchema({ attributes, mode: 'create' }));
  const update = asText(documentSchema({ attributes, mode: 'update' }));
  const uiSchema: UiSchema = Object.fromEntries(
    attributes.flatMap((field) => {
      const widget = field.relation && appId ? relationPicker({ appId, field }) : WIDGETS[field.type];
      return widget ? [[field.name, widget]] : [];
    }),
  );
  const required = (create.required ?? []) as string[];
  return {
    schema: ({ row }) => (row ? update : create),
    uiSchema: () => uiSchema,
    fromRow: (row) => documentFormData({ attributes, row }),
    customValidate: ({ row }) => (data, errors) => {
      if (!row && required.some((name) => isEmpty(data?.[name]))) errors.addError(DATABASE_MESSAGES.requiredMissing);
      return errors;
    },
    toBody: (values) => {
      const { body, fieldErrors } = parseJsonFields({ attributes, data: values });
      if (Object.keys(fieldErrors).length) throw new ApiError({ message: INVALID_JSON, fieldErrors });
      return body;
    },
  };
}
