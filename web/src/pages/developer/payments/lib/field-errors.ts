// Rule answers (field path -> message, as rules/payments.ts gives them) put under their fields
// in an RJSF customValidate.
import type { FormValidation } from '@rjsf/utils';

type ErrorNode = { addError?: (message: string) => void; [key: string]: unknown };

/** The form leaves a cleared field out or undefined: the rules then read their own empty value. */
export const definedOnly = <T extends object>(data: T | undefined): Partial<T> => Object.fromEntries(Object.entries(data ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;

export function addFieldErrors<T>({ errors, fieldErrors }: { errors: FormValidation<T>; fieldErrors: Record<string, string> }): FormValidation<T> {
  for (const [path, message] of Object.entries(fieldErrors)) {
    const node = path.split('.').reduce<ErrorNode | undefined>((at, key) => at?.[key] as ErrorNode | undefined, errors as unknown as ErrorNode);
    node?.addError?.(message);
  }
  return errors;
}
