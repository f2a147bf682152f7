// Any JSON value every engine can hold: finite numbers, and object keys that are not empty, do
// not start with $ and hold no dot (MongoDB reads those as operators and paths).
import { toJson } from '../../../storage/filter';
import type { Json } from '../../../storage/port';
import { fail, ok } from './types';
import type { FieldTypeDef } from './types';

const storableKeys = (value: Json): boolean => {
  if (Array.isArray(value)) return value.every(storableKeys);
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(([key, item]) => key !== '' && !key.includes('.') && storableKeys(item));
};

export const json: FieldTypeDef = {
  check: ({ value, label }) => {
    try {
      const parsed = toJson(value, label);
      return storableKeys(parsed) ? ok(parsed) : fail(`${label} must be valid JSON with plain keys`);
    } catch {
      return fail(`${label} must be valid JSON`);
    }
  },
};
