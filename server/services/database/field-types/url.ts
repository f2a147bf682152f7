import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const url: FieldTypeDef = {
  measured: true,
  check: ({ value, label }) => (isString(value) && isWebUrl(value.trim()) ? ok(value.trim()) : fail(`${label} must be a valid URL`)),
};
