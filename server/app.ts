// Builds the Express app: sessions, OpenAPI validation, handlers by operationId,
// JSON 404s for API prefixes, one error mapper, then the web app and its SPA fallback.
import { existsSync } from 'node:fs';
import express from 'express';
import type { Express, NextFunction, Request, Response } from 'express';
import session from 'express-session';
import cookieParser from 'cookie-parser';
import type { AppContext } from './context';
import type { Handler } from './http/handler';
import { AppError, toErrorReply } from './http/errors';
import { toExpress } from './http/to-express';
import { loadHandlers } from './http/handlers-loader';
import { fieldWords } from './http/field-labels';
import { mountDocs } from './http/docs-page';
import { mountWebApp } from './http/web-app';
import { mountEmbedPages } from './http/embed-pages';
import { mountHostedPages } from './http/hosted-pages';
import { securityHeaders } from './http/security-headers';
import { compressAnswers } from './http/compress-answers';
import { openApiDocument, openApiPath, operationIds, readOpenApiDocument } from './http/openapi-document';
import { createProjector } from './http/projection';
import { StoreSessionStore } from './services/sessions/session-store';
import { forDocumentedPaths } from './http/documented-paths-only';
import { validatorMiddleware } from './http/validator-middleware';
import { methodNotAllowed } from './http/method-not-allowed';
import { dispatchOperations, headAgain, headAsGet } from './http/operation-dispatch';
import { flatFirst } from './http/query-parser';
import type { QueryParser } from './http/query-parser';
import { dataApiCors } from './http/data-api-cors';
import { allowedOrigins } from './services/database/public/access-rules';
import { refuseCrossSite } from './http/cross-site';
import { requireDeclaredMediaTypes } from './http/declared-media-types';
import { parseMultipart } from './http/multipart';
import { streamedBodies } from './http/streamed-bodies';
import { beaconEndpoints, exceptBeacons } from './http/beacon-endpoints';
import { exceptPublicDataCalls, pageHeadersExceptPublicData, sessionWhereItDecides } from './http/public-data-calls';
import { UPLOAD_MAX_MB } from '../rules/uploads';
import { log } from './observability/log';
import { requestLog } from './observability/request-log';
import { requestIdOf } from './observability/request-id';
import { mountMetrics } from './observability/metrics-endpoint';
import { resourceHandlers } from './resources/handlers';
import { isApiPath } from './http/api-paths';
import { embedPageHooks, hostedPageHooks } from './registry';

export const SESSION_COOKIE = 'nindo.sid';
const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** `documentPath` replaces the bundled generated/openapi.json (tests of the document itself). */
export function createApp(ctx: AppContext, { documentPath }: { documentPath?: string } = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy ? 1 : false);
  app.set('query parser', 'extended');
  app.set('query parser', flatFirst(app.get('query parser fn') as QueryParser));
  app.use(requestLog({ log, observe: ctx.metrics?.observeRequest }));
  mountMetrics({ app, metrics: ctx.metrics, token: ctx.config.metricsToken });
  // The public data API's JSON calls skip what pages and signed-in browsers need (public-data-calls.ts).
  app.use(pageHeadersExceptPublicData(securityHeaders({ config: ctx.config })));
  app.use(exceptPublicDataCalls(compressAnswers()));
  app.use(refuseCrossSite({ publicUrl: ctx.config.publicUrl }));
  const doc = documentPath ? readOpenApiDocument(documentPath) : openApiDocument();
  app.use(dataApiCors({ doc, allowedOrigins: ({ appId, name }) => allowedOrigins({ ctx, appId, name }) }));
  const streamed = streamedBodies({ doc });
  app.use(streamed.skipping(express.json({ limit: '1mb' })));
  app.use(beaconEndpoints());
  const sessions = session({
    name: SESSION_COOKIE,
    secret: ctx.config.sessionSecret,
    store: new StoreSessionStore(ctx.store, ctx.now),
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS },
  });
  app.use(exceptBeacons(sessionWhereItDecides({ session: sessions, cookie: SESSION_COOKIE })));
  // express-openapi-validator checks the session cookie in req.cookies before our security handler runs.
  app.use(exceptPublicDataCalls(cookieParser()));
  mountDocs({ app, brand: ctx.config.brand });

  const handlers = loadHandlers(operationIds(doc), resourceHandlers(doc));
  app.use(requireDeclaredMediaTypes({ doc }));
  const projector = createProjector(doc);
  app.use(parseMultipart({ doc, maxFileMb: UPLOAD_MAX_MB }));
  app.use(streamed.placeholder);
  app.use(headAsGet);
  app.use(
    forDocumentedPaths({
      paths: Object.keys(doc.paths),
      create: () =>
        validatorMiddleware({
          apiSpec: documentPath ?? openApiPath,
          // Checked against the OpenAPI meta-schema by the tests, not at every start.
          validateApiSpec: false,
          validateRequests: { allErrors: true },
          validateResponses: true,
          validateSecurity: { handlers: { session: (req) => Boolean(req.session?.userId) } },
          ignoreUndocumented: true,
          // parseMultipart has read multipart bodies already.
          fileUploader: false,
        }),
    }),
  );
  app.use(
    dispatchOperations({
      doc,
      handlerOf: ({ openApiRoute, method }) => {
        const operation = doc.paths[openApiRoute]?.[method.toLowerCase()];
        return operation && toExpress(handlers.get(operation.operationId ?? '') as Handler, ctx, projector.forOperation(operation), projector.forRequest(operation));
      },
    }),
  );
  app.use(headAgain);
  app.use(methodNotAllowed({ doc }));
  app.use((req, res, next) => {
    if (!isApiPath(req.path)) return next();
    res.status(404).json({ success: false, data: null, message: `No such endpoint: ${req.method} ${req.path}`, requestId: requestIdOf(res) });
  });
  mountEmbedPages({ app, hooks: embedPageHooks(ctx) });
  mountHostedPages({ app, hooks: hostedPageHooks(ctx) });
  if (existsSync(ctx.config.webDist)) mountWebApp({ app, dist: ctx.config.webDist });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const reply = toErrorReply(err, (path) => fieldWords({ req, path }));
    const requestId = requestIdOf(res);
    // An unexpected error is logged with its stack; a 5xx the code chose (502, 503) is a warning.
    if (reply.status >= 500 && err instanceof AppError) log.warn({ reqId: requestId, status: reply.status, message: reply.body.message }, 'request refused');
    else if (reply.status >= 500) log.error({ reqId: requestId, err }, 'request failed');
    if (reply.headers) res.set(reply.headers);
    res.status(reply.status).json({ ...reply.body, requestId });
  });
  return app;
}
