// /metrics for a scraper with METRICS_TOKEN, /api/ready for a load balancer.
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../../server/app';
import type { AppContext } from '../../server/context';
import { createMetrics } from '../../server/observability/metrics';
import { queueStates } from '../../server/observability/queues';
import { queueProbes } from '../../server/registry';
import { instrumentStore } from '../../server/observability/instrument-store';
import { log } from '../../server/observability/log';
import { WEBHOOK_DELIVERIES } from '../../server/services/webhooks/model';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';

const TOKEN = 'scrape-token-0123456789';

let t: TestApp;
let app: Express;
let ctx: AppContext;
beforeEach(async () => {
  t = await createTestApp();
  const base = t.ctx;
  const metrics = createMetrics({ queues: () => queueStates({ ctx, queues: queueProbes }) });
  ctx = { ...base, config: { ...base.config, metricsToken: TOKEN }, store: instrumentStore(base.store, metrics.observeStore), metrics };
  app = createApp(ctx);
});
afterEach(() => t.close());

const scrape = async (): Promise<string> => (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

describe('/metrics', () => {
  it.each([
    ['no token', undefined],
    ['another token', 'Bearer scrape-token-9999999999'],
    ['the token in another scheme', `Basic ${TOKEN}`],
  ])('answers 401 with a Bearer challenge to %s', async (_name, authorization) => {
    const call = request(app).get('/metrics');
    const res = await (authorization ? call.set('Authorization', authorization) : call).expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.text).not.toContain('nindo_');
  });

  it('counts requests by operationId and status, with their latency', async () => {
    await request(app).get('/api/health').expect(200);
    await request(app).get('/api/health').expect(200);
    await request(app).get('/integrations/developer/details').expect(401);
    const text = await scrape();
    expect(text).toContain('nindo_http_requests_total{operation="getHealth",status="200"} 2');
    expect(text).toContain('nindo_http_requests_total{operation="getDeveloperDetails",status="401"} 1');
    expect(text).toMatch(/nindo_http_request_duration_seconds_count\{operation="getHealth"\} 2/);
  });

  it('reports each queue, with the depth and the age of its oldest due item', async () => {
    const due = new Date(t.ctx.now().getTime() - 90_000).toISOString();
    const later = new Date(t.ctx.now().getTime() + 60_000).toISOString();
    await t.ctx.store.collection(WEBHOOK_DELIVERIES).insertMany([
      { _id: 'd1', status: 'pending', nextAttemptAt: due, attempts: 0 },
      { _id: 'd2', status: 'pending', nextAttemptAt: later, attempts: 0 },
    ]);
    const text = await scrape();
    expect(text).toContain('nindo_queue_depth{queue="webhooks"} 2');
    expect(text).toContain('nindo_queue_depth{queue="mail"} 0');
    const age = Number(/nindo_queue_oldest_age_seconds\{queue="webhooks"\} ([\d.]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    for (const queue of ['app-user-jobs', 'imports', 'renewals']) expect(text).toContain(`nindo_queue_depth{queue="${queue}"} 0`);
  });

  it('times store operations by kind', async () => {
    await request(app).get('/integrations/developer/details').expect(401);
    await ctx.store.collection('anything').findOne({ _id: 'x' });
    expect(await scrape()).toMatch(/nindo_store_operation_duration_seconds_count\{operation="findOne"\} [1-9]/);
  });

  it('counts widget events ingested and refused', async () => {
    ctx.metrics?.countEvents({ ingested: 3, refused: 1 });
    const text = await scrape();
    expect(text).toContain('nindo_widget_events_total{outcome="ingested"} 3');
    expect(text).toContain('nindo_widget_events_total{outcome="refused"} 1');
  });

  it('is not served without METRICS_TOKEN: a JSON 404 like any unknown API path, never cached', async () => {
    const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ success: false, message: 'No such endpoint: GET /metrics' });
  });

  it('is never cached, answered or refused', async () => {
    const scraped = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    const refused = await request(app).get('/metrics').expect(401);
    expect([scraped.headers['cache-control'], refused.headers['cache-control']]).toEqual(['no-store', 'no-store']);
  });
});

describe('/api/ready', () => {
  it('answers 200 while the store answers', async () => {
    const res = await request(app).get('/api/ready').expect(200);
    expect(res.body.data).toMatchObject({ status: 'ok' });
  });

  it('answers 503 once the store is gone, while /api/health still answers 200', async () => {
    await t.ctx.store.close();
    const warned = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
    const failed = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const res = await request(app).get('/api/ready').expect(503);
    // A refusal the code chose is a warning, not an error with a stack.
    expect(warned).toHaveBeenCalledWith(expect.objectContaining({ status: 503, reqId: res.headers['x-request-id'] }), 'request refused');
    expect(failed).not.toHaveBeenCalled();
    warned.mockRestore();
    failed.mockRestore();
    expect(res.body.message).toMatch(/^The store (is not answering|did not answer in time)$/);
    await request(app).get('/api/health').expect(200);
    t = { ...t, close: async () => undefined };
  });
});

describe('widget events in the metrics', () => {
  it('counts a batch ingested by the events call, and one refused whole', async () => {
    const res = await request(app).post('/api/v1/events').send({ events: [{ type: 'impression', widgetId: 'no-such-widget' }] });
    expect([200, 400, 404, 429]).toContain(res.status);
    const text = await scrape();
    const counted = [...text.matchAll(/nindo_widget_events_total\{outcome="(ingested|refused)"\} (\d+)/g)].reduce((sum, match) => sum + Number(match[2]), 0);
    expect(counted).toBe(1);
  });
});
