// What a field type is on the server: the check of one value (an array's item, or the field's
// value), and the optional steps around storing it. The JSON Schema of each type lives in
// rules/database-fields.ts, because the browser's document form is generated from it too.
import type { AppContext } from '../../../context';
import type { Json } from '../../../storage/port';
import type { Field } from '../model';

export type Checked = { value: Json } | { error: string };

export interface CheckInput {
  value: unknown;
  field: Field;
  /** The field's display name, for messages. */
  label: string;
}

export interface FieldTypeDef {
  check(input: CheckInput): Checked;
  /** A string whose length minLength and maxLength bound. */
  measured?: boolean;
  /** Turns a checked value into what is stored (password hashing). */
  toStored?: (value: Json) => Promise<Json>;
  /** Values pointing at other records (relations, uploads) that do not exist. */
  findMissing?: (input: { ctx: AppContext; appId: string; field: Field; values: string[] }) => Promise<string[]>;
  /** Written, never answered. */
  writeOnly?: boolean;
  /** Made by the server when a new document leaves it out. */
  generate?: () => Json;
}

export const ok = (value: Json): Checked => ({ value });
export const fail = (error: string): Checked => ({ error });

export const isString = (value: unknown): value is string => typeof value === 'string';
