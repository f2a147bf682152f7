// GET /metrics: the Prometheus text of this instance, for a scraper holding METRICS_TOKEN as a
// bearer token; anyone else gets 401. Without the token (or metrics) it is the API's JSON 404
// (app.ts, http/api-paths.ts). Never cached, whatever the answer: it is this instant's state.
import { timingSafeEqual } from 'node:crypto';
import type { Express } from 'express';
import type { Metrics } from './metrics';

const sameToken = (offered: string, token: string): boolean => {
  const a = Buffer.from(offered);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function mountMetrics({ app, metrics, token }: { app: Express; metrics?: Metrics; token?: string }): void {
  app.get('/metrics', (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (!metrics || !token) return next();
    const offered = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(offered, token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('A bearer token is required\n');
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => res.type(metrics.registry.contentType).send(text))
      .catch(next);
  });
}
