// The rules of a posted field list (spec 001 section 5): display name and name needed (the name
// derived in camel case from the display name when left out), unique names, an item type for
// arrays, a related collection for relations, values for enumerations, lengths in order and a
// default value of the field's own type. Pure: the caller knows the app's collection names.
import { randomUUID } from 'node:crypto';
import type { FieldErrors } from '../../http/errors';
import type { DbField } from '../../../generated/client/types.gen';
import { DATABASE_MESSAGES, FIELD_NAME, fieldNameFromDisplayName } from '../../../rules/database';
import { isArrayField, itemType } from './field-types/array';
import type { Field } from './model';
import { checkFieldValue } from './validate-document';

export interface CheckedFields {
  attributes: Field[];
  fieldErrors: FieldErrors;
  message?: string;
}

// The spec's three messages come first, in its order; any other rule reads as its own words.
const PRIORITY: string[] = [DATABASE_MESSAGES.missingFieldParts, DATABASE_MESSAGES.missingArrayType, DATABASE_MESSAGES.duplicateField];

function checkOne({ input, collections }: { input: DbField; collections: string[] }): { field: Field; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const displayName = input.displayName?.trim() ?? '';
  const name = input.name?.trim() || fieldNameFromDisplayName(displayName);
  if (!displayName) errors.displayName = DATABASE_MESSAGES.missingFieldParts;
  if (!name) errors.name = DATABASE_MESSAGES.missingFieldParts;
  else if (!FIELD_NAME.test(name)) errors.name = DATABASE_MESSAGES.specialCharacters;
  const validation = { ...input.validation, ...(input.type === 'array' ? { array: true } : {}) };
  const field: Field = { ...input, id: input.id || randomUUID(), name, displayName, validation };
  if (input.type === 'array' && !input.subtype) errors.subtype = DATABASE_MESSAGES.missingArrayType;
  if (itemType(field) === 'relation' && !(input.relation && collections.includes(input.relation))) errors.relation = 'Choose a collection of this app';
  if (itemType(field) === 'enumeration' && !(validation.enum && validation.enum.length > 0)) errors['validation.enum'] = 'Add at least one value';
  if (typeof validation.minLength === 'number' && typeof validation.maxLength === 'number' && validation.minLength > validation.maxLength) {
    errors['validation.minLength'] = 'Min length must not be greater than max length';
  }
  if (Object.keys(errors).length === 0 && input.defaultValue !== undefined && input.defaultValue !== null && input.defaultValue !== '') {
    const checked = checkFieldValue({ field, value: input.defaultValue });
    if ('error' in checked) errors.defaultValue = checked.error;
    else field.defaultValue = checked.value;
  }
  if (isArrayField(field) && field.type !== 'array' && field.subtype) delete field.subtype;
  return { field, errors };
}

export function checkFields({ inputs, collections }: { inputs: DbField[]; collections: string[] }): CheckedFields {
  const fieldErrors: FieldErrors = {};
  const seen = new Set<string>();
  const attributes = inputs.map((input, i) => {
    const { field, errors } = checkOne({ input, collections });
    if (!errors.name && seen.has(field.name)) errors.name = DATABASE_MESSAGES.duplicateField;
    seen.add(field.name);
    for (const [key, message] of Object.entries(errors)) fieldErrors[`attributes.${i}.${key}`] = message;
    return field;
  });
  const messages = Object.values(fieldErrors);
  const message = PRIORITY.find((m) => messages.includes(m)) ?? messages[0];
  return { attributes, fieldErrors, message };
}
