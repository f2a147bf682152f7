import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

// One @, something before it, a dotted domain after it: what format "email" means to the forms.
// Written so that no input makes it backtrack: the first dot after the domain's first character is
// the one matched (`[^\s@]+\.[^\s@]+` took seconds on 'a@a.a.a.… ', quadratic in the dots).
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@][^\\s@.]*\\.[^\\s@]*[^\\s@]$';
const EMAIL = new RegExp(EMAIL_PATTERN);

export const email: FieldTypeDef = {
  measured: true,
  check: ({ value, label }) => (isString(value) && EMAIL.test(value.trim()) ? ok(value.trim()) : fail(`${label} must be a valid email`)),
};
