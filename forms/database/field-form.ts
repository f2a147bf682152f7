// The add/update field popup of a collection (spec 001 sections 2, 4, 5): its form schema for
// the chosen type, split into a Basic and an Advanced tab, the spec's messages, and the whole
// attribute list that is posted back (editing or deleting a field re-posts every field).
import type { UiSchema } from '@rjsf/utils';
import { ARRAY_SUBTYPES, fieldSchema } from '../../rules/database-fields';
import type { DatabaseField, FieldType } from '../../rules/database-fields';
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

/** What the popup edits: the field's own properties and its validation flags side by side. */
export type FieldDraft = {
  displayName?: string;
  name?: string;
  subtype?: FieldType;
  relation?: string;
  enum?: string[];
  defaultValue?: unknown;
  required?: boolean;
  unique?: boolean;
  indexable?: boolean;
  private?: boolean;
  minLength?: number;
  maxLength?: number;
};

export type FieldTab = 'basic' | 'advanced';

const STRING_TYPES: ReadonlyArray<FieldType> = ['text', 'email', 'rich-text', 'password', 'url'];
// A default makes no sense for generated, secret, uploaded or linked values.
const NO_DEFAULT: ReadonlyArray<FieldType> = ['password', 'uid', 'json', 'relation', 'media', 'array'];

const BASIC: ReadonlyArray<keyof FieldDraft> = ['displayName', 'name', 'subtype', 'relation', 'enum', 'defaultValue'];

/**
 * The form's JSON Schema for a field of this type (for an array, of the item type chosen so
 * far: an array of relations asks for the collection too). `collections`: relation targets.
 */
export function fieldFormSchema({ type, subtype, collections = [] }: { type: FieldType; subtype?: FieldType; collections?: ReadonlyArray<string> }): JsonSchemaObject {
  const itemType = type === 'array' ? subtype : type;
  const properties: Record<string, JsonSchemaObject> = {
    displayName: { type: 'string', title: 'Display name', maxLength: 100 },
    name: { type: 'string', title: 'Name', maxLength: 100 },
  };
  if (type === 'array') properties.subtype = { type: 'string', title: 'Array type', enum: [...ARRAY_SUBTYPES] };
  if (itemType === 'relation') properties.relation = { type: 'string', title: 'Related collection', enum: collections.length ? [...collections] : [''] };
  if (itemType === 'enumeration') properties.enum = { type: 'array', title: 'Values', items: { type: 'string', minLength: 1, maxLength: 100 } };
  if (!NO_DEFAULT.includes(type)) {
    const { title: _title, 'x-field-type': _type, ...value } = fieldSchema({ name: 'defaultValue', displayName: '', type });
    properties.defaultValue = { ...value, title: 'Default value' };
  }
  properties.required = { type: 'boolean', title: 'Required' };
  properties.unique = { type: 'boolean', title: 'Unique' };
  properties.indexable = { type: 'boolean', title: 'Indexable' };
  properties.private = { type: 'boolean', title: 'Private' };
  if (STRING_TYPES.includes(type)) {
    properties.minLength = { type: 'integer', title: 'Min length', minimum: 0, maximum: 100000 };
    properties.maxLength = { type: 'integer', title: 'Max length', minimum: 0, maximum: 100000 };
  }
  return { type: 'object', properties };
}

/**
 * Only the active tab's fields are shown; the others keep their values, hidden. `typeNames`: how
 * the screen names each type, for the array type's choices (the type ids otherwise).
 */
export function fieldFormUi({ tab, schema, typeNames }: { tab: FieldTab; schema: JsonSchemaObject; typeNames?: Readonly<Record<FieldType, string>> }): UiSchema {
  const names = Object.keys((schema.properties ?? {}) as Record<string, unknown>) as Array<keyof FieldDraft>;
  const onTab = (name: keyof FieldDraft) => (BASIC.includes(name) ? 'basic' : 'advanced') === tab;
  const ui: UiSchema = names.includes('enum') ? { enum: { 'ui:options': { addText: 'Add value' } } } : {};
  if (names.includes('subtype') && typeNames) ui.subtype = { 'ui:enumNames': ARRAY_SUBTYPES.map((type) => typeNames[type]) };
  for (const name of names.filter((n) => !onTab(n))) ui[name] = { ...ui[name], 'ui:widget': 'hidden' };
  return ui;
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

/** The stored field: arrays flagged validation.array (spec 001 section 4). */
export function draftToField({ draft, type, id }: { draft: FieldDraft; type: FieldType; id?: string }): DatabaseField {
  const validation = defined({
    required: Boolean(draft.required),
    unique: Boolean(draft.unique),
    indexable: Boolean(draft.indexable),
    private: Boolean(draft.private),
    array: type === 'array',
    minLength: draft.minLength,
    maxLength: draft.maxLength,
    enum: type === 'enumeration' || draft.subtype === 'enumeration' ? (draft.enum ?? []) : undefined,
  });
  return defined({
    id,
    name: draft.name?.trim() ?? '',
    displayName: draft.displayName?.trim() ?? '',
    type,
    subtype: type === 'array' ? draft.subtype : undefined,
    relation: type === 'relation' || draft.subtype === 'relation' ? draft.relation : undefined,
    defaultValue: draft.defaultValue,
    validation,
  });
}

export function fieldToDraft(field: DatabaseField): FieldDraft {
  const { validation = {} } = field;
  return defined({
    displayName: field.displayName,
    name: field.name,
    subtype: field.subtype,
    relation: field.relation,
    defaultValue: field.defaultValue,
    enum: validation.enum ? [...validation.enum] : undefined,
    required: validation.required,
    unique: validation.unique,
    indexable: validation.indexable,
    private: validation.private,
    minLength: validation.minLength ?? undefined,
    maxLength: validation.maxLength ?? undefined,
  });
}

/** Every field after saving one: replaces the field edited (by its former name), else appends. */
export function withField({ attributes, field, editing }: { attributes: ReadonlyArray<DatabaseField>; field: DatabaseField; editing?: string }): DatabaseField[] {
  return editing ? attributes.map((existing) => (existing.name === editing ? field : existing)) : [...attributes, field];
}

export function withoutField({ attributes, name }: { attributes: ReadonlyArray<DatabaseField>; name: string }): DatabaseField[] {
  return attributes.filter((field) => field.name !== name);
}
