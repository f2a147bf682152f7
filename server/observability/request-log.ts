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

/** `observe` also gets each outcome (the metrics), when metrics are on. */
export function requestLog({ log, observe }: { log: Log; observe?: (outcome: RequestOutcome) => void }): RequestHandler {
  return (req: OpenApiRequest, res: Response, next) => {
    const started = process.hrtime.bigint();
    const reqId = assignRequestId(req, res);
    let written = false;
    const write = (): void => {
      if (written) return;
      written = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const operationId = req.openapi?.schema.operationId ?? '';
      const status = res.writableFinished ? res.statusCode : 499;
      observe?.({ operationId: operationId || '(none)', status, seconds });
      if (!log.isLevelEnabled('info')) return;
      const appId = req.openapi?.pathParams.appId;
      log.info(
        { reqId, method: req.method, route: routeOf(req), operationId: operationId || undefined, status, ms: Math.round(seconds * 10_000) / 10, userId: userIdOf(req), appId },
        'request',
      );
    };
    res.once('finish', write);
    res.once('close', write);
    next();
  };
}
