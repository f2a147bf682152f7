import { fail, ok } from './types';
import type { FieldTypeDef } from './types';

// Numeric strings (a CSV cell, a form's text) are read as numbers; thousands separators are the screen's.
// Each digit can be matched one way only: "\d+\.?\d*" had a backtracking engine try every split
// of a run of digits between its two parts, 9.5 s for 30,000 digits and a letter (docs/storage.md, "Patterns").
const NUMERIC = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

export const number: FieldTypeDef = {
  check: ({ value, label }) => {
    const n = typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value.trim()) : value;
    return typeof n === 'number' && Number.isFinite(n) ? ok(n) : fail(`${label} must be a number`);
  },
};
