// CORS for the public data API's collection calls and live changes (docs/public-data-api.md,
// "Browsers"): a web page on an origin the collection allows may call its documents and count,
// and a page on an origin any of the app's collections allows may open the app's live stream and
// set its subscriptions (each of which its collection's origins then decide,
// live/subscriptions.ts), answered with that origin; any other origin gets no CORS header, so its
// browser hides the answer. Credentials travel in the Authorization header, never as cookies, so
// Access-Control-Allow-Credentials is not sent and a browser will not even send the portal's
// session cookie along. The live document and /docs are left out: the portal's own pages read
// them from the same origin.
import type { RequestHandler } from 'express';
import type { OpenApiDocument } from './openapi-document';
import { allowedMethods, declaredPaths } from './method-not-allowed';

const COLLECTION_CALL = /^\/api\/v1\/data\/([^/]+)\/collections\/([^/]+)\/(?:count|documents(?:\/[^/]+)?)\/?$/;
const LIVE_CALL = /^\/api\/v1\/data\/([^/]+)\/live\/?$/;

/** Preflights are cached by the browser this long (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/** One collection's origins, or (no name) those of any collection of the app: the live stream spans them. */
export interface CorsTarget {
  appId: string;
  name?: string;
}

/** A write's If-Match (record versions; the SDK's offline queue sends it) and what a browser's EventSource resends on reconnect (Last-Event-ID), beside what every call sends. */
const ALLOWED_HEADERS = { collection: 'Authorization, Content-Type, If-Match', live: 'Authorization, Content-Type, Last-Event-ID' };

const decoded = (part: string): string | undefined => {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
};

/** A call of the data API whose credentials travel in the request (documents, count, live). */
export const isCollectionCall = (path: string): boolean => COLLECTION_CALL.test(path) || LIVE_CALL.test(path);

function targetOf(path: string): (CorsTarget & { kind: keyof typeof ALLOWED_HEADERS }) | undefined {
  const collection = COLLECTION_CALL.exec(path);
  if (collection) {
    const [appId, name] = [decoded(collection[1]), decoded(collection[2])];
    return appId && name ? { kind: 'collection', appId, name } : undefined;
  }
  const live = LIVE_CALL.exec(path);
  const appId = live ? decoded(live[1]) : undefined;
  return appId ? { kind: 'live', appId } : undefined;
}

export function dataApiCors({ doc, allowedOrigins }: { doc: OpenApiDocument; allowedOrigins: (target: CorsTarget) => Promise<string[]> }): RequestHandler {
  const paths = declaredPaths(doc);
  return (req, res, next) => {
    const found = targetOf(req.path);
    if (!found) return next();
    const { kind, ...target } = found;
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
          'Access-Control-Allow-Headers': ALLOWED_HEADERS[kind],
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
        });
      }
      res.status(204).end();
    }, next);
  };
}
