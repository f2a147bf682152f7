// CORS for the public data API's collection calls (docs/public-data-api.md, "Browsers"): a web page
// on an origin the collection allows may call its documents and count, answered with that origin;
// any other origin gets no CORS header, so its browser hides the answer. Credentials travel in
// the Authorization header, never as cookies, so Access-Control-Allow-Credentials is not sent and
// a browser will not even send the portal's session cookie along. The live document and /docs
// are left out: the portal's own pages read them from the same origin.
import type { RequestHandler } from 'express';
import type { OpenApiDocument } from './openapi-document';
import { allowedMethods, declaredPaths } from './method-not-allowed';

const COLLECTION_CALL = /^\/api\/v1\/data\/([^/]+)\/collections\/([^/]+)\/(?:count|documents(?:\/[^/]+)?)\/?$/;

/** Preflights are cached by the browser this long (seconds). */
const PREFLIGHT_MAX_AGE = 600;

export interface CollectionTarget {
  appId: string;
  name: string;
}

const decoded = (part: string): string | undefined => {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
};

export const isCollectionCall = (path: string): boolean => COLLECTION_CALL.test(path);

function targetOf(path: string): CollectionTarget | undefined {
  const match = COLLECTION_CALL.exec(path);
  const [appId, name] = match ? [decoded(match[1]), decoded(match[2])] : [];
  return appId && name ? { appId, name } : undefined;
}

export function dataApiCors({ doc, allowedOrigins }: { doc: OpenApiDocument; allowedOrigins: (target: CollectionTarget) => Promise<string[]> }): RequestHandler {
  const paths = declaredPaths(doc);
  return (req, res, next) => {
    const target = targetOf(req.path);
    if (!target) return next();
    // Whether CORS headers come depends on Origin: shared caches must keep the answers apart.
    res.vary('Origin');
    const origin = req.get('origin');
    if (!origin) return next();
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    allowedOrigins(target).then((origins) => {
      const allowed = origins.includes(origin);
      if (allowed) res.set('Access-Control-Allow-Origin', origin);
      if (!preflight) {
        if (allowed) res.set('Access-Control-Expose-Headers', 'Retry-After, WWW-Authenticate');
        return next();
      }
      res.vary('Access-Control-Request-Method').vary('Access-Control-Request-Headers');
      if (allowed) {
        res.set({
          'Access-Control-Allow-Methods': allowedMethods({ paths, path: req.path }).join(', '),
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
        });
      }
      res.status(204).end();
    }, next);
  };
}
