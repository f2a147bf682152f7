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

export function compressAnswers(): RequestHandler {
  return exceptBeacons(
    compression({
      threshold: COMPRESS_THRESHOLD_BYTES,
      filter: (_req, res) => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')),
    }),
  );
}
