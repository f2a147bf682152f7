import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

// One @, something before it, a dotted domain after it: what format "email" means to the forms.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email: FieldTypeDef = {
  measured: true,
  check: ({ value, label }) => (isString(value) && EMAIL.test(value.trim()) ? ok(value.trim()) : fail(`${label} must be a valid email`)),
};
