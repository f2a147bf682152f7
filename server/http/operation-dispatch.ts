// Runs the handler of the operation express-openapi-validator matched, looked up by that match.
// The validator's own `operationHandlers` mounts one Express route per operation on a router that
// then tests the path against each route in the document's order on every request (the public
// documents list is the 71st of about 230, with a callback per path parameter), though its
// metadata middleware has found the operation and its path parameters already
// (docs/database-speed.md, "2026-11-26 (evening)"). What that router also did stays: OPTIONS of a
// declared path answers 200 with its methods in Allow, and HEAD is answered by the GET operation,
// now checked (security, parameters) as the GET is.
import type { RequestHandler, Response } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import type { OpenApiDocument } from './openapi-document';
import { allowedMethods, declaredPaths } from './method-not-allowed';
import type { DeclaredPath } from './method-not-allowed';

/** The handler of a declared operation, made on its first request; undefined for a method the path does not declare. */
export type HandlerOf = (route: { openApiRoute: string; method: string }) => RequestHandler | undefined;

/** Before the validator: a HEAD is validated and answered as its GET (Node sends no body for a HEAD all the same). */
export const headAsGet: RequestHandler = (req, res, next) => {
  if (req.method === 'HEAD') {
    res.locals.askedHead = true;
    req.method = 'GET';
  }
  next();
};

/** After the operations: what follows (pages, 405, 404) sees the HEAD that was asked. */
export const headAgain: RequestHandler = (req, res, next) => {
  if (res.locals.askedHead === true) req.method = 'HEAD';
  next();
};

/** Express's own answer to OPTIONS: the methods of the routes the path matches, sorted. */
function answerOptions({ allowed, res }: { allowed: string[]; res: Response }): void {
  const allow = [...allowed].sort().join(', ');
  res.setHeader('Allow', allow);
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(allow);
}

export function dispatchOperations({ doc, handlerOf }: { doc: OpenApiDocument; handlerOf: HandlerOf }): RequestHandler {
  const paths: DeclaredPath[] = declaredPaths(doc);
  const handlers = new Map<string, RequestHandler | undefined>();
  return (req: OpenApiRequest, res, next) => {
    if (req.method === 'OPTIONS') {
      const allowed = allowedMethods({ paths, path: req.path });
      return allowed.length > 0 ? answerOptions({ allowed, res }) : next();
    }
    const openapi = req.openapi;
    if (!openapi?.openApiRoute) return next();
    const key = `${req.method} ${openapi.openApiRoute}`;
    if (!handlers.has(key)) handlers.set(key, handlerOf({ openApiRoute: openapi.openApiRoute, method: req.method }));
    const handler = handlers.get(key);
    if (!handler) return next();
    // The path's parameters as the validator decoded and checked them (every one is a string).
    req.params = openapi.pathParams;
    return handler(req, res, next);
  };
}
