// App name rule (spec 000 section 5): required, 3 to 50 characters once trimmed; the same
// words as the server's answer.
import type { FormValidation } from '@rjsf/utils';

export const APP_NAME_MIN = 3;
export const APP_NAME_MAX = 50;

export function appNameError(name: string | undefined): string | undefined {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return 'App name is required';
  if (trimmed.length < APP_NAME_MIN || trimmed.length > APP_NAME_MAX) return `App name must be between ${APP_NAME_MIN} and ${APP_NAME_MAX} characters`;
  return undefined;
}

/** A form's customValidate for any form with a name field. */
export function checkAppName<T extends { name?: string }>(data: T | undefined, errors: FormValidation<T>): FormValidation<T> {
  const message = appNameError(data?.name);
  if (message) (errors as FormValidation<{ name?: string }>).name?.addError(message);
  return errors;
}
