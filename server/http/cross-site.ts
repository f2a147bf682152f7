// Refuses state changes that a browser sent from another site. SameSite=Lax alone leaves
// same-site pages and browsers with other cookie rules; this check does not depend on them.
// Requests carrying neither Sec-Fetch-Site nor Origin (curl, app servers, test tools) pass:
// without a browser there is no ambient cookie to abuse.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ForbiddenError } from './errors';
import { isBeaconPath } from './beacon-endpoints';
import { isCollectionCall } from './data-api-cors';

export const CROSS_SITE_REFUSED = 'This request came from another website and was refused. Please make this change from the app itself.';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths that authenticate with credentials in the request, never the session cookie, so a
 * cross-site caller gains nothing: the OAuth token exchange (called by an app's server) and the
 * beacon endpoints that every website's pages call.
 */
const CROSS_SITE_ALLOWED = new Set(['/integrations/oauth/token']);

/**
 * A public data API call (documents, count, live subscriptions) with an Authorization header is
 * decided by it, never by the session (docs/public-data-api.md), and a browser sends it cross-site
 * only after a CORS preflight the collection's (the app's, for live) allowed origins passed.
 */
const sendsOwnCredentials = (req: Request): boolean => Boolean(req.headers.authorization) && isCollectionCall(req.path);

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** The request's own origin; behind TRUST_PROXY, req.protocol and req.host read X-Forwarded-Proto/Host. */
const ownOrigin = (req: Request): string | undefined => (req.host ? originOf(`${req.protocol}://${req.host}`) : undefined);

/** An Origin header names the product when it is PUBLIC_URL's origin or the request's own ('null' parses to none). */
const isOwnOrigin = ({ req, origin, publicOrigin }: { req: Request; origin: string; publicOrigin: string | undefined }): boolean => {
  const sent = originOf(origin);
  return sent !== undefined && (sent === publicOrigin || sent === ownOrigin(req));
};

/** The Origin a browser sent when it is not one of ours (a page elsewhere); undefined for ours or none. */
export function foreignOrigin({ req, publicUrl }: { req: Request; publicUrl: string }): string | undefined {
  const origin = req.get('origin');
  return origin === undefined || isOwnOrigin({ req, origin, publicOrigin: originOf(publicUrl) }) ? undefined : origin;
}

/**
 * Sec-Fetch-Site 'cross-site' is refused. 'same-site' (a sibling subdomain, which may host
 * other people's content) passes only with one of our own origins. 'same-origin' and 'none'
 * (typed by the user) pass. Without Sec-Fetch-Site, a present Origin must be our own.
 */
export function refuseCrossSite({ publicUrl }: { publicUrl: string }): RequestHandler {
  const publicOrigin = originOf(publicUrl);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method) || CROSS_SITE_ALLOWED.has(req.path) || isBeaconPath(req.path) || sendsOwnCredentials(req)) return next();
    const site = req.get('sec-fetch-site')?.toLowerCase();
    const origin = req.get('origin');
    const fromUs = origin !== undefined && isOwnOrigin({ req, origin, publicOrigin });
    const refused = site === 'cross-site' || (site === 'same-site' && !fromUs) || (site === undefined && origin !== undefined && !fromUs);
    next(refused ? new ForbiddenError(CROSS_SITE_REFUSED) : undefined);
  };
}
