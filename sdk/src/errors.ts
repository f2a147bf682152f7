// Typed errors: every answer that is not a success becomes a NindoError with the server's message,
// so an app shows the same text the API wrote; a 412 carries the record as it is now.

export type FieldErrors = Record<string, string>;

export class NindoError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** The answer's `data`, when the server sent one with the error. */
  readonly data: unknown;

  constructor({ status, message, fieldErrors = {}, data = null }: { status: number; message: string; fieldErrors?: FieldErrors; data?: unknown }) {
    super(message);
    this.name = 'NindoError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.data = data;
  }
}

/** 412: the record changed since the If-Match version was read; `current` is it now. */
export class ConflictError<T = Record<string, unknown>> extends NindoError {
  readonly current: T;

  constructor({ message, fieldErrors, current }: { message: string; fieldErrors?: FieldErrors; current: T }) {
    super({ status: 412, message, fieldErrors, data: current });
    this.name = 'ConflictError';
    this.current = current;
  }
}

interface ErrorBody {
  message?: unknown;
  fieldErrors?: unknown;
  data?: unknown;
}

const isStringRecord = (value: unknown): value is FieldErrors =>
  value !== null && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');

/** The error an answer stands for; a body that is not the API's envelope still gives the status. */
export function errorOf({ status, body }: { status: number; body: unknown }): NindoError {
  const envelope: ErrorBody = body !== null && typeof body === 'object' ? (body as ErrorBody) : {};
  const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : `The request failed with status ${status}`;
  const fieldErrors = isStringRecord(envelope.fieldErrors) ? envelope.fieldErrors : {};
  if (status === 412) return new ConflictError({ message, fieldErrors, current: (envelope.data ?? {}) as Record<string, unknown> });
  return new NindoError({ status, message, fieldErrors, data: envelope.data ?? null });
}
