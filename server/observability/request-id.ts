// A request's id: the caller's X-Request-Id when it is a plain token (a proxy's, to join the
// two logs), else a new one. It goes back in the X-Request-Id header and in every error reply,
// so a user can quote it and an operator can find the request's log line.
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const TOKEN = /^[A-Za-z0-9._:-]{8,64}$/;

export function assignRequestId(req: Request, res: Response): string {
  const offered = req.headers['x-request-id'];
  const id = typeof offered === 'string' && TOKEN.test(offered) ? offered : randomUUID();
  res.locals.requestId = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export const requestIdOf = (res: Response): string | undefined => (typeof res.locals.requestId === 'string' ? res.locals.requestId : undefined);
