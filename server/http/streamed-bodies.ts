// Operations marked `x-streamed-body: true` in the document (database imports) read their request
// body themselves, as a stream, so a file of any size never sits in memory: express.json skips
// them, and they get an empty string as req.body so the validator, which checks the declared
// `type: string` body, lets them through without reading it.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OpenApiDocument } from './openapi-document';
import { toPattern } from './declared-media-types';

interface StreamedOperation {
  method: string;
  pattern: RegExp;
}

export interface StreamedBodies {
  /** True when the request's operation reads its own body. */
  matches(req: Request): boolean;
  /** Runs `parse` (a body parser) only on requests whose operation does not read its own body. */
  skipping(parse: RequestHandler): RequestHandler;
  /** Sets req.body to '' on the streamed operations, before the validator. */
  placeholder: RequestHandler;
}

function streamedOperations(doc: OpenApiDocument): StreamedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { 'x-streamed-body'?: boolean }>)
      .filter(([, op]) => op['x-streamed-body'] === true)
      .map(([method]) => ({ method: method.toUpperCase(), pattern: toPattern(path) })),
  );
}

export function streamedBodies({ doc }: { doc: OpenApiDocument }): StreamedBodies {
  const operations = streamedOperations(doc);
  const matches = (req: Request): boolean => operations.some((op) => op.method === req.method && op.pattern.test(req.path));
  return {
    matches,
    skipping: (parse) => (req: Request, res: Response, next: NextFunction) => (matches(req) ? next() : parse(req, res, next)),
    placeholder: (req: Request, _res: Response, next: NextFunction) => {
      if (matches(req)) req.body = '';
      next();
    },
  };
}
