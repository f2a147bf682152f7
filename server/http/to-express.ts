// Adapts a handler() function to Express: runs it with the request's parts and answers the
// success envelope (unless the handler wrote the response itself); errors go to next().
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import type { Handler } from './handler';

export const toExpress =
  (fn: Handler, ctx: AppContext) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const reply = await fn({ body: req.body, path: req.params, query: req.query, ctx, req, res });
      if (reply.raw) return;
      res.status(reply.status ?? 200).json({ success: true, data: reply.data ?? null, message: reply.message ?? '' });
    } catch (err) {
      next(err);
    }
  };
