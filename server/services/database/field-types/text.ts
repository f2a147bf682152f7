import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

export const text: FieldTypeDef = {
  measured: true,
  check: ({ value, label }) => (isString(value) ? ok(value) : fail(`${label} must be text`)),
};
