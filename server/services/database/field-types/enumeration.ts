import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

export const enumeration: FieldTypeDef = {
  check: ({ value, field, label }) =>
    isString(value) && (field.validation?.enum ?? []).includes(value) ? ok(value) : fail(`${label} must be one of the allowed values`),
};
