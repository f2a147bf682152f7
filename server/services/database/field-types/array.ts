// An array field holds values of its subtype (never arrays): each item is checked by the
// subtype's definition and bounded by the field's minLength, maxLength and enum like a single value.
import type { Json } from '../../../storage/port';
import type { Field } from '../model';
import type { Checked } from './types';
import { fail, ok } from './types';

/** Whether a field holds a list: type 'array', or any type flagged validation.array. */
export const isArrayField = (field: Field): boolean => field.type === 'array' || field.validation?.array === true;

/** The type of one value of the field. */
export const itemType = (field: Field): Field['type'] => (field.type === 'array' ? (field.subtype ?? 'text') : field.type);

export function checkArray({ value, label, checkItem }: { value: unknown; label: string; checkItem: (item: unknown) => Checked }): Checked {
  if (!Array.isArray(value)) return fail(`${label} must be a list`);
  const items: Json[] = [];
  for (const [i, item] of value.entries()) {
    const checked = checkItem(item);
    if ('error' in checked) return fail(`${checked.error} (item ${i + 1})`);
    items.push(checked.value);
  }
  return ok(items);
}
