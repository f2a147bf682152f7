// One log line per request, written when the answer is sent (or the client goes away): id,
// method, route template, operationId, status, duration and who asked. Never the query, body or
// headers, and never a raw page path, which may carry a token (invitation and reset links).
import type { Request, RequestHandler, Response } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import type { Log } from './log';
import { assignRequestId } from './request-id';
import { isApiPath } from '../http/api-paths';

export interface RequestOutcome {
  operationId: string;
  status: number;
  seconds: number;
}

const routeOf = (req: OpenApiRequest): string => {
  if (req.openapi?.openApiRoute) return req.openapi.openApiRoute;
  if (isApiPath(req.path)) return '(no such endpoint)';
  return req.path.startsWith('/assets/') ? '(asset)' : '(page)';
};

const userIdOf = (req: Request): string | undefined => {
  const userId = (req as Request & { session?: { userId?: unknown } }).session?.userId;
  return typeof userId === 'string' ? userId : undefined;
};

/** The line's fields, only those that have a value (pino skips an undefined one, after looking at it). */
function lineOf({ req, reqId, method, operationId, status, seconds }: { req: OpenApiRequest; reqId: string; method: string; operationId: string; status: number; seconds: number }): Record<string, unknown> {
  const line: Record<string, unknown> = { reqId, method, route: routeOf(req), status, ms: Math.round(seconds * 10_000) / 10 };
  if (operationId) line.operationId = operationId;
  const userId = userIdOf(req);
  if (userId) line.userId = userId;
  const appId = req.openapi?.pathParams.appId;
  if (appId) line.appId = appId;
  return line;
}

/**
 * `observe` also gets each outcome (the metrics), when metrics are on. One listener per request:
 * a response emits 'close' once, after 'finish' when the answer went out and alone when the client
 * left first (status 499).
 */
export function requestLog({ log, observe }: { log: Log; observe?: (outcome: RequestOutcome) => void }): RequestHandler {
  return (req: OpenApiRequest, res: Response, next) => {
    const started = process.hrtime.bigint();
    const reqId = assignRequestId(req, res);
    // As asked: a HEAD is handled as its GET further on (operation-dispatch.ts).
    const { method } = req;
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const operationId = req.openapi?.schema.operationId ?? '';
      const status = res.writableFinished ? res.statusCode : 499;
      observe?.({ operationId: operationId || '(none)', status, seconds });
      if (log.isLevelEnabled('info')) log.info(lineOf({ req, reqId, method, operationId, status, seconds }), 'request');
    });
    next();
  };
}
