// Parses multipart/form-data bodies before the OpenAPI validator, in place of its built-in
// uploader, which turns every parse failure of a broken body into a 500. Files stay in
// memory on req.files; each file's field is set to '' in req.body, as the validator expects
// of a `format: binary` property (a list of '' for a field named like `files[]`, an array of
// files), so the body is still checked against the document. One file of UPLOAD_MAX_MB unless
// the operation says otherwise with `x-multipart: {maxFileMb, maxFiles}` (the media manager).
import multer from 'multer';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, ValidationError } from './errors';
import { toPattern } from './declared-media-types';
import type { OpenApiDocument } from './openapi-document';
import { tooBig } from '../../rules/uploads';

export const MALFORMED_MULTIPART = 'The upload could not be read: the multipart/form-data body is malformed or incomplete';
export const ONE_FILE_ONLY = 'Send one file at a time';
export const tooManyFiles = (maxFiles: number): string => `Send at most ${maxFiles} files at a time`;
export const TOO_MANY_PARTS = 'The upload has too many fields';

/** Limits beyond the one file: a form field of a few kB is plenty for the documented bodies. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

interface Limits {
  maxFileMb: number;
  maxFiles: number;
}

interface LimitedOperation {
  method: string;
  pattern: RegExp;
  limits: Limits;
}

function limitedOperations(doc: OpenApiDocument): LimitedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { 'x-multipart'?: Limits }>).flatMap(([method, op]) =>
      op['x-multipart'] ? [{ method: method.toUpperCase(), pattern: toPattern(path), limits: op['x-multipart'] }] : [],
    ),
  );
}

function toUploadError({ err, limits: { maxFileMb, maxFiles } }: { err: unknown; limits: Limits }): AppError {
  if (!(err instanceof multer.MulterError)) {
    // With memory storage nothing but the parser of the request stream can fail here.
    return new ValidationError(MALFORMED_MULTIPART);
  }
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new AppError(413, tooBig(maxFileMb), { [err.field ?? 'file']: tooBig(maxFileMb) });
    case 'LIMIT_FILE_COUNT': {
      const message = maxFiles === 1 ? ONE_FILE_ONLY : tooManyFiles(maxFiles);
      return new ValidationError(message, { [err.field ?? 'file']: message });
    }
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_VALUE':
      return new AppError(413, TOO_MANY_PARTS);
    default:
      return new ValidationError(MALFORMED_MULTIPART);
  }
}

const uploader = ({ maxFileMb, maxFiles }: Limits) =>
  multer({
    storage: multer.memoryStorage(),
    // Browsers send file names as raw UTF-8 without saying so; multer would read them as latin1.
    defParamCharset: 'utf8',
    limits: { files: maxFiles, fileSize: maxFileMb * 1024 * 1024, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
  }).any();

function markFiles({ body, files }: { body: Record<string, unknown>; files: Express.Multer.File[] }): void {
  for (const { fieldname } of files) {
    if (!fieldname.endsWith('[]')) body[fieldname] = '';
    else body[fieldname] = [...(Array.isArray(body[fieldname]) ? (body[fieldname] as unknown[]) : []), ''];
  }
}

export function parseMultipart({ doc, maxFileMb }: { doc: OpenApiDocument; maxFileMb: number }): RequestHandler {
  const fallback: Limits = { maxFileMb, maxFiles: 1 };
  const operations = limitedOperations(doc).map((op) => ({ ...op, upload: uploader(op.limits) }));
  const upload = uploader(fallback);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    const operation = operations.find((op) => op.method === req.method && op.pattern.test(req.path));
    const limits = operation?.limits ?? fallback;
    (operation?.upload ?? upload)(req, res, (err: unknown) => {
      if (err) return next(toUploadError({ err, limits }));
      markFiles({ body: req.body as Record<string, unknown>, files: (req.files as Express.Multer.File[] | undefined) ?? [] });
      next();
    });
  };
}
