// CSV cells are text; documents hold typed values. These two functions translate one cell by
// its field, each the inverse of the other, so an export imports back as it was. A cell that
// does not read as its type is handed on as text, for validateDocument to refuse in its words.
import type { Field } from '../model';
import { isArrayField } from '../field-types/array';

/** Fields whose cell holds JSON text. */
const holdsJson = (field: Field): boolean => isArrayField(field) || field.type === 'json';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The value of one cell for its field; undefined for an empty cell (a missing value). */
export function fromCsvCell({ field, text }: { field: Field | undefined; text: string }): unknown {
  if (text === '') return undefined;
  if (!field) return text;
  if (holdsJson(field)) return parseJson(text);
  if (field.type === 'number') return NUMBER.test(text.trim()) ? Number(text) : text;
  if (field.type === 'boolean') {
    const lower = text.trim().toLowerCase();
    return lower === 'true' ? true : lower === 'false' ? false : text;
  }
  return text;
}

/** The text of one cell: JSON for json and array fields (and any object), '' for a missing value. */
export function toCsvCell({ field, value }: { field?: Field; value: unknown }): string {
  if (value === undefined || value === null) return '';
  if ((field && holdsJson(field)) || typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A CSV record as a document's input, by the collection's fields. */
export function fromCsvRecord({ record, fields }: { record: Record<string, unknown>; fields: Map<string, Field> }): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(record)) {
    const value = fromCsvCell({ field: fields.get(name), text: String(text) });
    if (value !== undefined) input[name] = value;
  }
  return input;
}
