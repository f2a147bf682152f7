// The add/update field popup of a collection (spec 001 sections 2, 4, 5): DbField's form from the
// document for the chosen type, split into a Basic and an Advanced tab by its hints, the spec's
// messages, and the whole attribute list that is posted back (editing or deleting a field
// re-posts every field).
import type { UiSchema } from '@rjsf/utils';
import { fieldSchema } from '../../rules/database-fields';
import type { DatabaseField, FieldType } from '../../rules/database-fields';
import type { DbField, DbFieldValidation } from '../../generated/client/types.gen';
import { DbFieldSchema } from '../../generated/schemas/DbField';
import { DbFieldValidationSchema } from '../../generated/schemas/DbFieldValidation';
import { schemaOf } from '../schemas';
import { propertiesOf } from '../resource/columns';
import { shownSchema } from '../resource/form-conditions';
import { mergeUiSchemas } from '../resource/form-hints';
import { groupUiSchema } from '../resource/form-groups';
import { inlineSchema, inlineValues, nestedValues } from '../resource/form-inline';
import { fieldNameFromDisplayName } from '../../rules/database';
import type { JsonSchemaObject } from '../../rules/json-schema';

export const FIELD_MESSAGES = {
  missingRequired: 'Missing required fields',
  missingArrayType: 'Missing array type field',
  duplicateName: 'A field with the same name already exists',
  // The server's words for the rules the spec leaves unnamed.
  noValues: 'Add at least one value',
  noRelation: 'Choose a collection of this app',
} as const;

/**
 * What the popup edits: the field's own properties with its validation's beside them (DbField's
 * `validation` is inline in the document), so a property added to either schema is edited too.
 */
export type FieldDraft = Partial<Omit<DbField, 'validation' | 'type' | 'subtype'> & DbFieldValidation> & { type?: FieldType; subtype?: FieldType };

export type FieldTab = 'basic' | 'advanced';
/** The popup's tabs, the document's `x-ui.group` names (Basic takes what names none). */
export const FIELD_TABS: ReadonlyArray<FieldTab> = ['basic', 'advanced'];

type ObjectSchema = JsonSchemaObject & { properties: Record<string, JsonSchemaObject> };

/** DbField with its validation inline, as the popup's form draws it. */
const draftSchema = (): ObjectSchema => inlineSchema({ schema: schemaOf(DbFieldSchema) }) as ObjectSchema;

/**
 * The form's JSON Schema for a field of this type (for an array, of the item type chosen so
 * far: an array of relations asks for the collection too): the document's, less what the type
 * does not take (the properties' `when`), with what only the app knows: the default value typed
 * as the field, the related collections (`collections`) to choose from.
 */
export function fieldFormSchema({ type, subtype, collections = [] }: { type: FieldType; subtype?: FieldType; collections?: ReadonlyArray<string> }): JsonSchemaObject {
  const shown = shownSchema({ schema: draftSchema(), values: { type, subtype } }) as ObjectSchema;
  const properties = { ...shown.properties };
  if (properties.relation) properties.relation = { ...properties.relation, enum: collections.length ? [...collections] : [''] };
  if (properties.defaultValue) {
    const { title: _title, 'x-field-type': _type, ...value } = fieldSchema({ name: 'defaultValue', displayName: '', type });
    properties.defaultValue = { ...properties.defaultValue, ...value, title: properties.defaultValue.title };
  }
  return { ...shown, properties };
}

/**
 * Only the active tab's fields are shown; the others keep their values, hidden. `typeNames`: how
 * the screen names each type, for the array type's choices (the type ids otherwise).
 */
export function fieldFormUi({ tab, schema, typeNames }: { tab: FieldTab; schema: JsonSchemaObject; typeNames?: Readonly<Record<FieldType, string>> }): UiSchema {
  const properties = (schema.properties ?? {}) as Record<string, { enum?: ReadonlyArray<FieldType> }>;
  const ui: UiSchema = { ...(properties.enum ? { enum: { 'ui:options': { addText: 'Add value' } } } : {}) };
  if (properties.subtype?.enum && typeNames) ui.subtype = { 'ui:enumNames': properties.subtype.enum.map((type) => typeNames[type]) };
  return mergeUiSchemas(ui, groupUiSchema({ schema, groups: FIELD_TABS, shown: tab }));
}

/** Follows the display name while the name was the derived one (or empty). */
export function deriveFieldName(next: FieldDraft, previous: FieldDraft): FieldDraft {
  const followed = !previous.name || previous.name === fieldNameFromDisplayName(previous.displayName ?? '');
  return followed && next.displayName !== previous.displayName ? { ...next, name: fieldNameFromDisplayName(next.displayName ?? '') } : next;
}

/** The spec's message for each field in error (by draft property); empty when the draft is fine. */
export function fieldDraftErrors({ draft, type, attributes, editing }: { draft: FieldDraft; type: FieldType; attributes: ReadonlyArray<DatabaseField>; editing?: string }): Partial<Record<keyof FieldDraft, string>> {
  const errors: Partial<Record<keyof FieldDraft, string>> = {};
  if (!draft.displayName?.trim()) errors.displayName = FIELD_MESSAGES.missingRequired;
  if (!draft.name?.trim()) errors.name = FIELD_MESSAGES.missingRequired;
  else if (attributes.some((field) => field.name === draft.name && field.name !== editing)) errors.name = FIELD_MESSAGES.duplicateName;
  if (type === 'array' && !draft.subtype) errors.subtype = FIELD_MESSAGES.missingArrayType;
  const itemType = type === 'array' ? draft.subtype : type;
  if (itemType === 'enumeration' && !draft.enum?.length) errors.enum = FIELD_MESSAGES.noValues;
  if (itemType === 'relation' && !draft.relation) errors.relation = FIELD_MESSAGES.noRelation;
  return errors;
}

const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

/** The flags a field has unless set: each boolean its validation declares, off (the stored list says so). */
const flagsOff = (): Record<string, boolean> =>
  Object.fromEntries(Object.entries(propertiesOf({ schema: schemaOf(DbFieldValidationSchema) })).filter(([, property]) => property.type === 'boolean').map(([key]) => [key, false]));

/**
 * The stored field: what the form for its type shows (values of properties its type leaves out
 * are dropped), its validation gathered back, arrays flagged validation.array (spec 001 section 4).
 */
export function draftToField({ draft, type, id }: { draft: FieldDraft; type: FieldType; id?: string }): DatabaseField {
  const shown = Object.keys((fieldFormSchema({ type, subtype: draft.subtype }).properties ?? {}) as object);
  const kept = Object.fromEntries(Object.entries(draft).filter(([key]) => shown.includes(key)).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
  const nested = nestedValues({ schema: schemaOf(DbFieldSchema), values: kept });
  const validation = defined({ ...flagsOff(), ...(nested.validation as DbFieldValidation), array: type === 'array' });
  return defined({ ...nested, id, type, name: String(nested.name ?? ''), displayName: String(nested.displayName ?? ''), validation }) as DatabaseField;
}

export function fieldToDraft(field: DatabaseField): FieldDraft {
  return defined(inlineValues({ schema: schemaOf(DbFieldSchema), record: field as Readonly<Record<string, unknown>> })) as FieldDraft;
}

/** Every field after saving one: replaces the field edited (by its former name), else appends. */
export function withField({ attributes, field, editing }: { attributes: ReadonlyArray<DatabaseField>; field: DatabaseField; editing?: string }): DatabaseField[] {
  return editing ? attributes.map((existing) => (existing.name === editing ? field : existing)) : [...attributes, field];
}

export function withoutField({ attributes, name }: { attributes: ReadonlyArray<DatabaseField>; name: string }): DatabaseField[] {
  return attributes.filter((field) => field.name !== name);
}
