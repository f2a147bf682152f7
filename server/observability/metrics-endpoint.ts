// GET /metrics: the Prometheus text of this instance, for a scraper holding METRICS_TOKEN as a
// bearer token; anyone else gets 401. Mounted only when the token is set.
import { timingSafeEqual } from 'node:crypto';
import type { Express } from 'express';
import type { Metrics } from './metrics';

const sameToken = (offered: string, token: string): boolean => {
  const a = Buffer.from(offered);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function mountMetrics({ app, metrics, token }: { app: Express; metrics: Metrics; token: string }): void {
  app.get('/metrics', (req, res, next) => {
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
