// Runtime compression for answers built per request (API JSON, /docs, the OpenAPI document).
// Built web assets are compressed once at build time and served as they are (web-app.ts);
// compression skips any answer that already carries a Content-Encoding. The beacon endpoints'
// answers are a few bytes that pages sending beacons do not read, so they skip the wrapping.
import compression from 'compression';
import type { RequestHandler } from 'express';
import { exceptBeacons } from './beacon-endpoints';

/** Below this size compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE = /^(application\/(json|javascript)|text\/(javascript|css|html))\b/;

/** Encodings compression can produce; a request accepting none of them gets the answer as it is. */
const COMPRESSING = /\b(gzip|deflate|br)\b/i;

export function compressAnswers(): RequestHandler {
  const compress = compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: (_req, res) => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')),
  });
  // Callers that ask for no compression (API clients, app servers) skip its hooks on the answer's
  // headers and body, about a tenth of a small API answer's time; the Vary header stays, so a
  // shared cache still keeps one copy per Accept-Encoding.
  return exceptBeacons((req, res, next) => {
    if (COMPRESSING.test(req.headers['accept-encoding'] ?? '')) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  });
}
