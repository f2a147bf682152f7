// Server answers as form state: `{message, fieldErrors}` from a failed envelope, turned
// into RJSF's nested ErrorSchema so each message shows under its own field.
import type { ErrorSchema } from '@rjsf/utils';

export type FieldErrors = Record<string, string>;

export type FormFailure = { message: string; fieldErrors: FieldErrors; status?: number };

export const FALLBACK_MESSAGE = 'Oops, something went wrong';

/** A failed call: thrown by callApi, carries what the form needs to show. */
export class ApiError extends Error implements FormFailure {
  readonly fieldErrors: FieldErrors;
  readonly status?: number;

  constructor({ message, fieldErrors = {}, status }: { message: string; fieldErrors?: FieldErrors; status?: number }) {
    super(message);
    this.name = 'ApiError';
    this.fieldErrors = fieldErrors;
    this.status = status;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const stringsOnly = (value: unknown): FieldErrors =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};

/** Whatever a failed call threw or returned (envelope body, ApiError, network error) as a FormFailure. */
export function toFormFailure(error: unknown): FormFailure {
  if (error instanceof ApiError) return { message: error.message, fieldErrors: error.fieldErrors, status: error.status };
  if (isRecord(error) && typeof error.message === 'string' && error.message) {
    return { message: error.message, fieldErrors: stringsOnly(error.fieldErrors) };
  }
  return { message: FALLBACK_MESSAGE, fieldErrors: {} };
}

/** `{ 'address.city': 'City is required' }` -> `{ address: { city: { __errors: ['City is required'] } } }`. */
export function toErrorSchema(fieldErrors: FieldErrors): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    let node = root;
    for (const key of path.split('.').filter(Boolean)) {
      node[key] = isRecord(node[key]) ? node[key] : {};
      node = node[key] as Record<string, unknown>;
    }
    const existing = Array.isArray(node.__errors) ? (node.__errors as string[]) : [];
    node.__errors = [...existing, message];
  }
  return root as ErrorSchema;
}

const valueAt = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), data);

/** Server errors still relevant: a field's message goes away once the user changes that field. */
export function staleFree({ fieldErrors, submitted, current }: { fieldErrors: FieldErrors; submitted: unknown; current: unknown }): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldErrors).filter(([path]) => JSON.stringify(valueAt(submitted, path)) === JSON.stringify(valueAt(current, path))),
  );
}
