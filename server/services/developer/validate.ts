// Small checks shared by the developer-portal services; each returns a message or nothing.
import type { FieldErrors } from '../../http/errors';
import { ValidationError } from '../../http/errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => EMAIL.test(value);

/** Throws one ValidationError carrying every field's message; the first is the headline. */
export function throwIfAny(fieldErrors: FieldErrors): void {
  const first = Object.values(fieldErrors)[0];
  if (first) throw new ValidationError(first, fieldErrors);
}

export const APP_NAME_MIN = 3;
export const APP_NAME_MAX = 50;

export function appNameError(name: string): string | undefined {
  if (name.length === 0) return 'App name is required';
  if (name.length < APP_NAME_MIN || name.length > APP_NAME_MAX) {
    return `App name must be between ${APP_NAME_MIN} and ${APP_NAME_MAX} characters`;
  }
  return undefined;
}
