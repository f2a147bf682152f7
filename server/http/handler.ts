// Handlers are thin: they take the validated request parts, call a service, and return
// what goes in the envelope. `handler` ties them to the generated operation types.
import type { Request, Response } from 'express';
import type { AppContext } from '../context';
import { UnauthorizedError } from './errors';

interface OperationData {
  body?: unknown;
  path?: unknown;
  query?: unknown;
}

export interface HandlerInput<D extends OperationData> {
  body: D['body'];
  path: D['path'];
  query: D['query'];
  ctx: AppContext;
  req: Request;
  res: Response;
}

export interface Reply<T> {
  data: T;
  message?: string;
  status?: number;
  /** The handler wrote the response itself (redirects, files, streams). */
  raw?: boolean;
}

export type Handler = (input: HandlerInput<OperationData>) => Promise<Reply<unknown>>;

/** D: the generated `<Operation>Data`; R: the generated `<Operation>Response` envelope. */
export const handler =
  <D extends OperationData, R extends { data?: unknown } = { data?: unknown }>(
    fn: (input: HandlerInput<D>) => Promise<Reply<R['data']>>,
  ): Handler =>
  (input) =>
    fn(input as HandlerInput<D>);

/** The signed-in user's id, or 401. Routes declaring `security: [session]` are already checked. */
export function requireUserId(req: Request): string {
  const userId = req.session?.userId;
  if (!userId) throw new UnauthorizedError();
  return userId;
}

export const noRawReply: Reply<null> = { data: null, raw: true };
