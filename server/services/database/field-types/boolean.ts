import { fail, ok } from './types';
import type { FieldTypeDef } from './types';

// 'true' and 'false' as text too: a CSV cell or a query string.
const WORDS: Record<string, boolean> = { true: true, false: false };

export const boolean: FieldTypeDef = {
  check: ({ value, label }) => {
    const b = typeof value === 'string' ? WORDS[value.trim().toLowerCase()] : value;
    return typeof b === 'boolean' ? ok(b) : fail(`${label} must be true or false`);
  },
};
