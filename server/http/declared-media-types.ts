// Bodies only in the media types the document declares. A cross-site HTML form can send
// urlencoded, multipart or text/plain without a CORS preflight, never JSON; the validator
// refuses other types only when a body is required, so optional bodies are checked here too,
// as is an empty body that announces a form type.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from './errors';
import type { OpenApiDocument } from './openapi-document';

interface Operation {
  method: string;
  pattern: RegExp;
  mediaTypes: string[];
}

interface OperationWithBody {
  requestBody?: { content?: Record<string, unknown> };
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const toPattern = (path: string): RegExp =>
  new RegExp(`^${path.split(/\{[^}]+\}/).map(escapeRegExp).join('[^/]+')}$`);

/** Operations with a request body; literal paths first so they win over templated ones. */
function operationsWithBodies(doc: OpenApiDocument): Operation[] {
  const params = (path: string): number => (path.match(/\{/g) ?? []).length;
  return Object.keys(doc.paths)
    .sort((a, b) => params(a) - params(b))
    .flatMap((path) =>
      Object.entries(doc.paths[path] as Record<string, OperationWithBody>).flatMap(([method, op]) => {
        const mediaTypes = Object.keys(op.requestBody?.content ?? {});
        return mediaTypes.length > 0 ? [{ method: method.toUpperCase(), pattern: toPattern(path), mediaTypes }] : [];
      }),
    );
}

const accepts = (declared: string, sent: string): boolean => {
  if (declared === '*/*' || declared === sent) return true;
  return declared.endsWith('/*') && sent.startsWith(declared.slice(0, -1));
};

export const unsupportedMediaType = (mediaTypes: string[]): string =>
  `This endpoint only accepts request bodies of type ${mediaTypes.join(' or ')}`;

/** 415 when the request's Content-Type is not one its operation declares. */
export function requireDeclaredMediaTypes({ doc }: { doc: OpenApiDocument }): RequestHandler {
  const operations = operationsWithBodies(doc);
  return (req: Request, _res: Response, next: NextFunction) => {
    const contentType = req.get('content-type');
    if (!contentType) return next();
    const operation = operations.find((op) => op.method === req.method && op.pattern.test(req.path));
    if (!operation) return next();
    const sent = contentType.split(';')[0].trim().toLowerCase();
    const ok = operation.mediaTypes.some((declared) => accepts(declared.toLowerCase(), sent));
    next(ok ? undefined : new AppError(415, unsupportedMediaType(operation.mediaTypes)));
  };
}
