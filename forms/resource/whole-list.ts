// A whole-list save (SaveAllOperation): the list as it will be sent after one popup or delete,
// and the server's field errors, which come by list position ('2.name'), narrowed to the
// record the popup edits.
import { ApiError, toFormFailure } from '../server-errors';

/**
 * The list with the form's `values` added at the end (`at` undefined) or laid over the element
 * at `at`; the values are an element's fields (the popup's schema is the element's).
 */
export function listWith<I>({ inputs, at, values }: { inputs: ReadonlyArray<I>; at?: number; values: object }): I[] {
  return at === undefined ? [...inputs, values as I] : inputs.map((input, index) => (index === at ? ({ ...input, ...values } as I) : input));
}

/** The failure of a save with only the field errors of the element at `at`, under their own names. */
export function failureAt({ thrown, at }: { thrown: unknown; at?: number }): ApiError {
  const failure = toFormFailure(thrown);
  const prefix = `${at}.`;
  const own = at === undefined ? [] : Object.entries(failure.fieldErrors).filter(([path]) => path.startsWith(prefix));
  return new ApiError({ ...failure, fieldErrors: Object.fromEntries(own.map(([path, message]) => [path.slice(prefix.length), message])) });
}
