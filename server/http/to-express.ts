// Adapts a handler() function to Express: runs it with the request's parts (the JSON body
// projected through its schema, so a service receives only declared, writable properties) and
// answers the success envelope (unless the handler wrote the response itself), projected through
// the operation's response schema so only declared fields go out; errors go to next().
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import type { Handler } from './handler';
import type { Projection, ReplyProjection } from './projection';

export const toExpress =
  (fn: Handler, ctx: AppContext, project: ReplyProjection, projectBody: Projection = (body) => body) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const reply = await fn({ body: projectBody(req.body), path: req.params, query: req.query, ctx, req, res });
      if (reply.raw) return;
      const status = reply.status ?? 200;
      res.status(status).json(project(status, { success: true, data: reply.data ?? null, message: reply.message ?? '' }));
    } catch (err) {
      next(err);
    }
  };
