// express-openapi-validator's middleware, with its start-up trims and the query encodings it must
// accept applied first. Required on the first request that may match an operation
// (documented-paths-only.ts), not when the app is made: the package with its Ajv, multer and
// json-schema-ref-parser takes about 30 ms of a start to load, before anything is served.
import type { RequestHandler } from 'express';
import type * as Validator from 'express-openapi-validator';
import type * as Startup from './validator-startup';
import type * as QueryEncodings from './query-encodings';

export type ValidatorOptions = Parameters<typeof Validator.middleware>[0];

export function validatorMiddleware(options: ValidatorOptions): RequestHandler[] {
  (require('./validator-startup') as typeof Startup).trimValidatorStartup();
  (require('./query-encodings') as typeof QueryEncodings).acceptAnyQueryEncoding();
  return (require('express-openapi-validator') as typeof Validator).middleware(options);
}
