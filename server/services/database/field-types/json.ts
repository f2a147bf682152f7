// Any JSON value the store can hold (no keys starting with $, finite numbers).
import { toJson } from '../../../storage/filter';
import { fail, ok } from './types';
import type { FieldTypeDef } from './types';

export const json: FieldTypeDef = {
  check: ({ value, label }) => {
    try {
      return ok(toJson(value, label));
    } catch {
      return fail(`${label} must be valid JSON`);
    }
  },
};
