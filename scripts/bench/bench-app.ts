// The bench-only Express app: the product's request pipeline (JSON body, express-openapi-
// validator with request and response validation, handlers answering the envelope)
// around two operations, one with storage and one returning a fixed list (the floor).
import { join } from 'node:path';
import express from 'express';
import type { Express, NextFunction, Request, Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { handler } from '../../server/http/handler';
import type { Handler } from '../../server/http/handler';
import { toErrorReply } from '../../server/http/errors';
import { toExpress } from '../../server/http/to-express';
import { createProjector } from '../../server/http/projection';
import type { AppContext } from '../../server/context';
import type { Doc } from '../../server/storage/port';

export interface BenchItem extends Doc {
  ownerId: string;
  name: string;
  createdAt: string;
  status: 'draft' | 'active' | 'archived';
  tags: string[];
}

export const ITEMS = 'bench_items';
const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createBenchApp(ctx: AppContext, fixed: BenchItem[]): Express {
  const handlers: Record<string, Handler> = {
    benchFloor: handler(async () => ({ data: fixed })),
    benchItems: handler<{ query: { owner?: string; q?: string } }>(async ({ query, ctx: { store } }) => {
      const filter = query.q ? { name: { $regex: escapeRegex(query.q), $options: 'i' } } : { ownerId: query.owner ?? '' };
      return { data: await store.collection<BenchItem>(ITEMS).find(filter, { sort: { createdAt: -1 }, limit: 20 }) };
    }),
  };
  const app = express();
  app.use(express.json());
  app.use(
    OpenApiValidator.middleware({
      apiSpec: join(__dirname, 'bench-api.yaml'),
      validateRequests: true,
      validateResponses: true,
      operationHandlers: {
        basePath: '',
        resolver: (_base, route, apiDoc) => {
          const operation = apiDoc.paths?.[route.openApiRoute]?.[route.method.toLowerCase() as 'get'] ?? {};
          return toExpress(handlers[operation.operationId ?? ''], ctx, createProjector(apiDoc).forOperation(operation));
        },
      },
    }),
  );
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const reply = toErrorReply(err);
    res.status(reply.status).json(reply.body);
  });
  return app;
}
