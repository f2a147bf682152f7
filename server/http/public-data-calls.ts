// The public data API's calls (docs/public-data-api.md): JSON for an app's server and its users,
// who send their credentials in the Authorization header. They skip what only pages and signed-in
// browsers need (measured in docs/database-speed.md, "Public data API"): the pages' security
// headers but nosniff, compression, the cookie parser, and the session, which is read only where
// it decides the caller (no Authorization header, and the session cookie sent: the portal's
// "try it"). Its reference page (`/docs`) is a page and keeps them all.
import type { RequestHandler } from 'express';

const PUBLIC_DATA_CALL = /^\/api\/v1\/data\/[^/]+\/(collections\/|openapi\.json$|live$)/;

export const isPublicDataCall = (path: string): boolean => PUBLIC_DATA_CALL.test(path);

/** Runs `middleware` on every request but the public data API's calls. */
export const exceptPublicDataCalls =
  (middleware: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isPublicDataCall(req.path) ? next() : middleware(req, res, next);

/** The pages' security headers, or on a public data call only the one that JSON needs. */
export const pageHeadersExceptPublicData =
  (headers: RequestHandler): RequestHandler =>
  (req, res, next) => {
    if (!isPublicDataCall(req.path)) return headers(req, res, next);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  };

/** The session middleware, on a public data call only when its session may decide the caller. */
export const sessionWhereItDecides =
  ({ session, cookie }: { session: RequestHandler; cookie: string }): RequestHandler =>
  (req, res, next) => {
    const decides = !req.headers.authorization && (req.headers.cookie ?? '').includes(`${cookie}=`);
    return isPublicDataCall(req.path) && !decides ? next() : session(req, res, next);
  };
