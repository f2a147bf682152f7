// Public endpoints that any website's pages call (the embed runtime's events): CORS open to every
// origin, and a text/plain body read as JSON, because navigator.sendBeacon sends text/plain
// without a CORS preflight. They read no session, so another site gains nothing by calling them.
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ValidationError } from './errors';

export const BEACON_PATHS: ReadonlySet<string> = new Set(['/api/v1/events']);
/** A form widget's submissions, posted by the embed runtime the same way (text/plain, no preflight). */
const SUBMISSION_PATH = /^\/api\/v1\/embed\/widget\/[^/]+\/submissions$/;

export const isBeaconPath = (path: string): boolean => BEACON_PATHS.has(path) || SUBMISSION_PATH.test(path);
export const BEACON_BODY_NOT_JSON = 'The body must be a JSON object';

/** Runs `middleware` on every request but the beacon endpoints' (a session, for one: they read none). */
export const exceptBeacons =
  (middleware: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isBeaconPath(req.path) ? next() : middleware(req, res, next);

export function beaconEndpoints(): RequestHandler {
  const readText = express.text({ type: 'text/plain', limit: '64kb' });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isBeaconPath(req.path)) return next();
    res.set('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.set({ 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '86400' });
      res.status(204).end();
      return;
    }
    readText(req, res, (err?: unknown) => {
      if (err || typeof req.body !== 'string') return next(err);
      try {
        req.body = JSON.parse(req.body) as unknown;
        next();
      } catch {
        next(new ValidationError(BEACON_BODY_NOT_JSON));
      }
    });
  };
}
