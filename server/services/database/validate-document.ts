// Checks one write against the collection's fields, without the store: types, required,
// minLength, maxLength and enum. Uniqueness is the engine's index; relations and uploads are
// checked against the store by the caller (references.ts). Used by documents and by import.
import { ucs2length } from '@cfworker/json-schema';
import type { FieldErrors } from '../../http/errors';
import type { Json } from '../../storage/port';
import { DATABASE_MESSAGES } from '../../../rules/database';
import { INPUT_LIMIT_MESSAGES, isReferenceType, MAX_REFERENCE_ITEMS, nestsDeeperThan } from '../../../rules/input-limits';
import { checkArray, isArrayField, itemType } from './field-types/array';
import { FIELD_TYPE_DEFS } from './field-types';
import type { Checked, FieldTypeDef } from './field-types/types';
import { fail } from './field-types/types';
import type { CollectionDoc, Field } from './model';

export type WriteMode = 'create' | 'update';

export const SYSTEM_FIELDS = ['_id', '_created', '_updated', '_version'] as const;
/** The app user who owns a document (issue 28): set by the server, or by the app for one of its users, never by these checks. */
export const OWNER_FIELD = '_owner';

export interface Validated {
  /** The fields to write, as stored (passwords still in clear: documents.ts hashes them). */
  value: Record<string, Json>;
  /** On update, fields emptied by the write. */
  unset: string[];
  fieldErrors: FieldErrors;
  /** The message a 400 carries, when fieldErrors is not empty. */
  message?: string;
}

export const labelOf = (field: Field): string => field.displayName || field.name;
export const typeDef = (field: Field): FieldTypeDef => FIELD_TYPE_DEFS[itemType(field) as keyof typeof FIELD_TYPE_DEFS];

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function checkItem({ field, value }: { field: Field; value: unknown }): Checked {
  const def = typeDef(field);
  const label = labelOf(field);
  const checked = def.check({ value, field, label });
  if ('error' in checked) return checked;
  const { minLength, maxLength, enum: allowed } = field.validation ?? {};
  if (typeof checked.value === 'string') {
    // Counted in characters (code points) as JSON Schema and the forms count them: an emoji is one.
    const length = ucs2length(checked.value);
    if (def.measured && typeof minLength === 'number' && length < minLength) return fail(`${label} must be at least ${minLength} characters`);
    if (def.measured && typeof maxLength === 'number' && length > maxLength) return fail(`${label} must be at most ${maxLength} characters`);
    if (allowed && allowed.length > 0 && !allowed.includes(checked.value)) return fail(`${label} must be one of the allowed values`);
  }
  return checked;
}

/**
 * What puts a value sent for `name` (a field of the collection, or not) past the input bounds
 * (rules/input-limits.ts): its nesting, or a relation or upload list's length. Checked before any
 * other check walks the value, here and before the public API's schema check (declared-bodies.ts).
 */
export function boundsError({ field, name, value }: { field?: Field; name: string; value: unknown }): string | undefined {
  const label = field ? labelOf(field) : name;
  if (nestsDeeperThan(value)) return INPUT_LIMIT_MESSAGES.tooDeep(label);
  const references = field !== undefined && isArrayField(field) && isReferenceType(itemType(field));
  if (references && Array.isArray(value) && value.length > MAX_REFERENCE_ITEMS) return `${label} ${INPUT_LIMIT_MESSAGES.tooManyItems(value.length)}`;
  return undefined;
}

/** Checks a field's whole value: its bounds first, then a list item by item, or one value. */
export function checkFieldValue({ field, value }: { field: Field; value: unknown }): Checked {
  const bounds = boundsError({ field, name: field.name, value });
  if (bounds) return fail(bounds);
  if (!isArrayField(field)) return checkItem({ field, value });
  return checkArray({ value, label: labelOf(field), checkItem: (item) => checkItem({ field, value: item }) });
}

function topMessage({ fieldErrors, missing }: { fieldErrors: FieldErrors; missing: boolean }): string | undefined {
  if (missing) return DATABASE_MESSAGES.requiredMissing;
  return Object.values(fieldErrors)[0];
}

/**
 * `create`: every field is checked; left out ones take their defaultValue, uids are generated.
 * `update`: only the fields sent are checked; an empty value removes the field (a required one
 * cannot be emptied) and an empty password keeps the stored hash.
 */
export function validateDocument({ collection, input, mode }: { collection: Pick<CollectionDoc, 'attributes'>; input: Record<string, unknown>; mode: WriteMode }): Validated {
  const value: Record<string, Json> = {};
  const unset: string[] = [];
  const fieldErrors: FieldErrors = {};
  let missing = false;
  const names = new Set(collection.attributes.map((field) => field.name));
  for (const key of Object.keys(input)) {
    if (!names.has(key) && key !== OWNER_FIELD && !(SYSTEM_FIELDS as readonly string[]).includes(key)) fieldErrors[key] = `This collection has no field ${key}`;
  }
  for (const field of collection.attributes) {
    const sent = Object.prototype.hasOwnProperty.call(input, field.name) && input[field.name] !== undefined;
    if (mode === 'update' && !sent) continue;
    let raw: unknown = input[field.name];
    if (mode === 'create' && !sent) raw = field.defaultValue ?? (isArrayField(field) ? undefined : typeDef(field).generate?.());
    if (isEmpty(raw)) {
      if (field.type === 'password' && mode === 'update') continue;
      if (field.validation?.required) {
        fieldErrors[field.name] = `${labelOf(field)} is required`;
        missing = true;
      } else if (mode === 'update') unset.push(field.name);
      continue;
    }
    const checked = checkFieldValue({ field, value: raw });
    if ('error' in checked) fieldErrors[field.name] = checked.error;
    else value[field.name] = checked.value;
  }
  return { value, unset, fieldErrors, message: topMessage({ fieldErrors, missing }) };
}
