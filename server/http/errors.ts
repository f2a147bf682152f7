// The error classes services throw, mapped to HTTP in one place (toErrorReply).
import { DuplicateKeyError, InvalidQueryError } from '../storage/port';
import { fieldMessage } from '../../rules/validation-messages';

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends AppError {
  constructor(message: string, fieldErrors?: FieldErrors) {
    super(400, message, fieldErrors);
  }
}
export class UnauthorizedError extends AppError {
  /** `challenge`: the WWW-Authenticate value of the 401 (RFC 9110 11.6.1), where an HTTP scheme applies. */
  constructor(
    message = 'Please log in to continue',
    readonly challenge?: string,
  ) {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  /** `reason` names a refusal the screens react to (planLimit: the upgrade popup). */
  constructor(
    message = 'Not authorized',
    readonly reason?: string,
  ) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, fieldErrors?: FieldErrors) {
    super(409, message, fieldErrors);
  }
}
/** An upstream service (a payment provider) refused or could not be reached. */
export class BadGatewayError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}
/** A write's precondition (If-Match) does not hold; `data` is what the client needs to retry (the record as it is now). */
export class PreconditionFailedError extends AppError {
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(412, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, message);
  }
}

interface OpenApiValidatorError {
  status: number;
  message: string;
  errors?: { path: string; message: string; errorCode?: string }[];
}

const isValidatorError = (err: unknown): err is OpenApiValidatorError =>
  typeof err === 'object' && err !== null && 'status' in err && Array.isArray((err as OpenApiValidatorError).errors);

/** body-parser's refusals (malformed JSON, a body over the limit): 4xx errors marked `expose`. */
interface ExposedClientError {
  status: number;
  expose: true;
  type?: string;
  message: string;
}

const isExposedClientError = (err: unknown): err is ExposedClientError =>
  typeof err === 'object' && err !== null && (err as ExposedClientError).expose === true && typeof (err as ExposedClientError).status === 'number' && (err as ExposedClientError).status < 500;

const BODY_ERROR_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
};

/** '/body/username' -> 'username'; '/query/page' -> 'query.page'; '/params/appId' -> 'path.appId'. */
export function fieldPath(validatorPath: string): string {
  const parts = validatorPath.replace(/^\./, '').split(/[/.]/).filter(Boolean);
  if (parts[0] === 'body') return parts.slice(1).join('.') || 'body';
  if (parts[0] === 'params') return ['path', ...parts.slice(1)].join('.');
  return parts.join('.');
}

/** A 'required' error is reported on the parent object; the missing key is in the message. */
const requiredField = (path: string, message: string): string => {
  const missing = /required property '([^']+)'/.exec(message)?.[1];
  if (!missing || path.endsWith(missing)) return path;
  return path === 'body' ? missing : `${path}.${missing}`;
};

export interface ErrorReply {
  status: number;
  body: { success: false; data: unknown; message: string; fieldErrors?: FieldErrors; reason?: string };
  headers?: Record<string, string>;
}

function replyHeaders(err: AppError): Record<string, string> | undefined {
  if (err instanceof TooManyRequestsError) return { 'Retry-After': String(err.retryAfterSeconds) };
  if (err instanceof UnauthorizedError && err.challenge) return { 'WWW-Authenticate': err.challenge };
  return undefined;
}

/** A rule of the whole body (`minProperties`), which no field of a form holds: its words are the answer's message only. */
const isWholeBody = ({ path, errorCode }: { path: string; errorCode?: string }): boolean => {
  const parts = path.replace(/^\./, '').split(/[/.]/).filter(Boolean);
  const keyword = (errorCode ?? '').split('.')[0];
  return parts.length === 1 && parts[0] === 'body' && keyword !== 'required' && keyword !== 'additionalProperties';
};

/** What the schema says about a field, when the request's operation is known: its title, a pattern's words. */
type FieldWordsOf = (path: string) => { label?: string; patternMessage?: string };

export function toErrorReply(err: unknown, wordsOf: FieldWordsOf = () => ({})): ErrorReply {
  if (err instanceof AppError) {
    const headers = replyHeaders(err);
    const reason = err instanceof ForbiddenError ? err.reason : undefined;
    const data = err instanceof PreconditionFailedError ? err.data : null;
    return { status: err.status, headers, body: { success: false, data, message: err.message, fieldErrors: err.fieldErrors, ...(reason ? { reason } : {}) } };
  }
  if (err instanceof DuplicateKeyError) {
    return { status: 409, body: { success: false, data: null, message: 'This already exists' } };
  }
  if (err instanceof InvalidQueryError) {
    return { status: 400, body: { success: false, data: null, message: err.message } };
  }
  if (isValidatorError(err) && err.status < 500) {
    const fieldErrors: FieldErrors = {};
    let wholeBody: string | undefined;
    for (const e of err.errors ?? []) {
      if (isWholeBody(e)) {
        wholeBody ??= fieldMessage({ path: '', errorCode: e.errorCode, message: e.message });
        continue;
      }
      const path = fieldPath(e.path);
      fieldErrors[path] ??= fieldMessage({ path, errorCode: e.errorCode, message: e.message, ...wordsOf(requiredField(path, e.message)) });
    }
    const first = Object.values(fieldErrors)[0] ?? wholeBody;
    const message = err.status === 400 && first ? first : err.status === 404 ? 'Not found' : err.status === 401 ? 'Please log in to continue' : err.message;
    return { status: err.status, body: { success: false, data: null, message, fieldErrors: err.status === 400 ? fieldErrors : undefined } };
  }
  if (isExposedClientError(err)) {
    return { status: err.status, body: { success: false, data: null, message: BODY_ERROR_MESSAGES[err.type ?? ''] ?? err.message } };
  }
  // The caller logs it with the request's id (server/app.ts).
  return { status: 500, body: { success: false, data: null, message: 'Oops, something went wrong' } };
}
