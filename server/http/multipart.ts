// Parses multipart/form-data bodies before the OpenAPI validator, in place of its built-in
// uploader, which turns every parse failure of a broken body into a 500. Files stay in
// memory on req.files; each file's field is set to '' in req.body, as the validator expects
// of a `format: binary` property, so the body is still checked against the document.
import multer from 'multer';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, ValidationError } from './errors';
import { tooBig } from '../../rules/uploads';

export const MALFORMED_MULTIPART = 'The upload could not be read: the multipart/form-data body is malformed or incomplete';
export const ONE_FILE_ONLY = 'Send one file at a time';
export const TOO_MANY_PARTS = 'The upload has too many fields';

/** Limits beyond the one file: a form field of a few kB is plenty for the documented bodies. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

function toUploadError({ err, maxFileMb }: { err: unknown; maxFileMb: number }): AppError {
  if (!(err instanceof multer.MulterError)) {
    // With memory storage nothing but the parser of the request stream can fail here.
    return new ValidationError(MALFORMED_MULTIPART);
  }
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new AppError(413, tooBig(maxFileMb), { [err.field ?? 'file']: tooBig(maxFileMb) });
    case 'LIMIT_FILE_COUNT':
      return new ValidationError(ONE_FILE_ONLY, { [err.field ?? 'file']: ONE_FILE_ONLY });
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_VALUE':
      return new AppError(413, TOO_MANY_PARTS);
    default:
      return new ValidationError(MALFORMED_MULTIPART);
  }
}

export function parseMultipart({ maxFileMb }: { maxFileMb: number }): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { files: 1, fileSize: maxFileMb * 1024 * 1024, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
  }).any();
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    upload(req, res, (err: unknown) => {
      if (err) return next(toUploadError({ err, maxFileMb }));
      for (const file of (req.files as Express.Multer.File[] | undefined) ?? []) (req.body as Record<string, unknown>)[file.fieldname] = '';
      next();
    });
  };
}
