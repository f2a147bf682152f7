// HTML as the editor writes it: stored as sent, since escaping is the job of whoever renders it.
import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

export const richText: FieldTypeDef = {
  measured: true,
  check: ({ value, label }) => (isString(value) ? ok(value) : fail(`${label} must be text`)),
};
