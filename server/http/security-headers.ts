// Security headers for every answer, by helmet. What varies by request: framing (allowed for
// /embed/ and /hosted/ pages only), HSTS and upgrade-insecure-requests (only when served over https), the
// opener policy (dropped on the social sign-in popup's pages, which must keep window.opener)
// and the resource policy (uploaded images are meant to show on other sites). See docs/serving.md.
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { cspDirectives } from './content-security-policy';
import { isBeaconPath } from './beacon-endpoints';

export const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/** /hosted/: the checkout's card fields and 3-D Secure frames, framed by /embed/pricing inside other sites too. */
const FRAMEABLE = /^\/(embed|hosted)(\/|$)/;
const POPUP_FLOW = /^\/auth\//;
// Uploads, media assets and the widget types' sample images (web/public/widget-media/) show in widgets on other sites.
const SHARED_MEDIA = /^\/(api\/user\/file\/|api\/v1\/asset\/[^/]+\/(file|thumbnail)$|widget-media\/)/;
/** The embed runtime's scripts (loader, renderer files, data scripts), settings and events (BEACON_PATHS), loaded by the pages of other sites. */
const EMBED_RESOURCES = /^\/(embed\.js$|embed\/[^/]+\.js$|embed\/data\/|api\/v1\/embed\/)/;

interface Shape {
  frameable: boolean;
  https: boolean;
  popupFlow: boolean;
  sharedMedia: boolean;
}

/** Behind a proxy req.secure reads X-Forwarded-Proto only when TRUST_PROXY is on (app's 'trust proxy'). */
const shapeOf = (req: Request, publicHttps: boolean): Shape => ({
  frameable: FRAMEABLE.test(req.path),
  https: req.secure || publicHttps,
  popupFlow: POPUP_FLOW.test(req.path),
  sharedMedia: SHARED_MEDIA.test(req.path) || EMBED_RESOURCES.test(req.path) || isBeaconPath(req.path),
});

const optionsFor = (shape: Shape, captcha: Config['captcha']['provider']): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives({ captcha, frameable: shape.frameable, https: shape.https }) },
  xFrameOptions: shape.frameable ? false : { action: 'deny' },
  strictTransportSecurity: shape.https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
  // Captcha providers check the page's origin from the referrer, so keep the origin cross-site.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: shape.popupFlow ? false : { policy: 'same-origin-allow-popups' },
  crossOriginResourcePolicy: { policy: shape.sharedMedia ? 'cross-origin' : 'same-origin' },
});

type Header = [name: string, value: string];

/**
 * The headers helmet sets for one shape, read once by running its middleware against a
 * recorder: replaying them costs one loop, where helmet's eleven chained middlewares cost
 * about a twentieth of a small API answer's time (docs/serving.md). Helmet stays the source.
 */
function headersOf(middleware: RequestHandler): Header[] {
  const headers: Header[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as Request, recorder as unknown as Response, () => undefined);
  return headers;
}

export function securityHeaders({ config }: { config: Pick<Config, 'captcha' | 'publicUrl'> }): RequestHandler {
  const publicHttps = config.publicUrl.startsWith('https://');
  const byShape = new Map<string, Header[]>();
  return (req, res, next) => {
    const shape = shapeOf(req, publicHttps);
    const key = `${shape.frameable}${shape.https}${shape.popupFlow}${shape.sharedMedia}`;
    let headers = byShape.get(key);
    if (!headers) {
      headers = headersOf(helmet(optionsFor(shape, config.captcha.provider)));
      byShape.set(key, headers);
    }
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
