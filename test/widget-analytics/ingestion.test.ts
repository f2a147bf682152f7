// POST /api/v1/events (issue 10 section 3): batches judged event by event, unknown widgets,
// sendBeacon's text/plain bodies, open CORS and the per-widget and per-address limits.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { widgets } from '../../server/services/workspace/model';
import { eventCounters } from '../../server/services/widget-analytics/counters';
import { foldEventLog } from '../../server/services/widget-analytics/fold';
import { appendBatch, eventLog } from '../../server/services/widget-analytics/event-log';
import { WIDGET_EVENT_WINDOWS } from '../../server/services/widget-analytics/event-limits';
import { FLUSH_MS, flushCounts, sweepCounts } from '../../server/services/metering/shared-counts';

const t = withTestApp({ config: { eventLimits: { perWidgetPerMinute: 40, perAddressPerMinute: 60 } } });

async function aWidget(app: TestApp): Promise<string> {
  const now = app.ctx.now().toISOString();
  const guid = randomUUID();
  await widgets(app.ctx).insertOne({ _id: guid, ownerId: 'someone', projectId: null, name: 'Poll', type: 'poll', settings: {}, views: 0, created: now, updated: now });
  return guid;
}

const send = (events: unknown[]) => request(t.app).post('/api/v1/events').send({ events });

/** The counters of a widget once the event log is folded. */
async function totals(widgetId: string): Promise<Record<string, number>> {
  await foldEventLog({ ctx: t.ctx });
  const rows = await eventCounters(t.ctx).find({ widgetId });
  return Object.fromEntries(rows.map((row) => [`${row.host} ${row.type}${row.subtype ? `:${row.subtype}` : ''}`, row.count]));
}

describe('widget event ingestion', () => {
  it('keeps the good events of a mixed batch and names each bad one with its index and reason', async () => {
    const widgetId = await aWidget(t);
    const res = await send([
      { widgetId, type: 'impression', host: 'Shop.Example.com' },
      { widgetId, type: 'engagement', subtype: 'vote', host: 'shop.example.com' },
      { widgetId, type: 'engagement', host: 'shop.example.com' },
      { widgetId, type: 'click', host: 'shop.example.com' },
      { widgetId, type: 'view', subtype: 'vote', host: 'shop.example.com' },
      { widgetId, type: 'view', host: 'not a host' },
      { widgetId, type: 'view', host: 'shop.example.com', at: '2001-01-01T00:00:00Z' },
      { widgetId: randomUUID(), type: 'view', host: 'shop.example.com' },
      { widgetId, type: 'view', host: 'shop.example.com' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      accepted: 3,
      rejected: [
        { index: 2, reason: 'subtype is required for engagement events' },
        { index: 3, reason: 'type must be one of install, impression, view, engagement' },
        { index: 4, reason: 'subtype is only for engagement events, not view' },
        { index: 5, reason: 'host must be a host name such as example.com' },
        { index: 6, reason: 'at must be within the last 48 hours' },
        { index: 7, reason: 'no widget has this widgetId' },
      ],
    });
    expect(await totals(widgetId)).toEqual({ 'shop.example.com impression': 1, 'shop.example.com engagement:vote': 1, 'shop.example.com view': 1 });
    expect((await widgets(t.ctx).findOne({ _id: widgetId }))?.views).toBe(1);
  });

  it('counts nothing before the fold and everything logged after it, each batch once', async () => {
    const widgetId = await aWidget(t);
    await send([{ widgetId, type: 'view', host: 'a.example' }]);
    expect(await eventCounters(t.ctx).count({ widgetId })).toBe(0);
    expect(await foldEventLog({ ctx: t.ctx })).toBe(1);
    expect(await foldEventLog({ ctx: t.ctx })).toBe(0);
    expect(await totals(widgetId)).toEqual({ 'a.example view': 1 });
  });

  it('logs the batches of one event loop turn as one document, written before any of them is acknowledged', async () => {
    const widgetId = await aWidget(t);
    const logged = (host: string, count: number) => ({ widgetId, host, day: '2026-01-02', type: 'impression' as const, subtype: '' as const, count });
    const appends = [
      appendBatch({ ctx: t.ctx, counts: [logged('a.example', 2)] }),
      appendBatch({ ctx: t.ctx, counts: [logged('a.example', 3), logged('b.example', 1)] }),
    ];
    await appends[0];
    expect(await eventLog(t.ctx).count({})).toBe(1);
    await appends[1];
    expect(await foldEventLog({ ctx: t.ctx })).toBe(1);
    expect(await totals(widgetId)).toEqual({ 'a.example impression': 5, 'b.example impression': 1 });
  });

  it('adds up repeated events of a key counted per request across batches', async () => {
    const widgetId = await aWidget(t);
    const installs = Array.from({ length: 5 }, () => ({ widgetId, type: 'install', host: 'a.example' }));
    await send(installs);
    await send(installs);
    expect(await totals(widgetId)).toEqual({ 'a.example install': 10 });
  });

  it('reads a text/plain body as JSON so navigator.sendBeacon needs no preflight, from any origin', async () => {
    const widgetId = await aWidget(t);
    const res = await request(t.app)
      .post('/api/v1/events')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .set('Origin', 'https://customer.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(JSON.stringify({ events: [{ widgetId, type: 'install', host: 'customer.example' }] }));
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body.data).toEqual({ accepted: 1, rejected: [] });
  });

  it('answers the CORS preflight of a JSON fetch', async () => {
    const res = await request(t.app).options('/api/v1/events').set('Origin', 'https://customer.example').set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type');
  });

  it.each([
    ['a text body that is not JSON', 'text/plain', 'events!', 'The body must be a JSON object'],
    ['an empty batch', 'application/json', JSON.stringify({ events: [] }), undefined],
    ['more than 50 events', 'application/json', JSON.stringify({ events: Array.from({ length: 51 }, () => ({})) }), undefined],
  ])('refuses %s with 400', async (_case, type, body, message) => {
    const res = await request(t.app).post('/api/v1/events').set('Content-Type', type).send(body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
  });

  it('refuses a widget past its events a minute with 429 and Retry-After', async () => {
    const widgetId = await aWidget(t);
    const batch = Array.from({ length: 20 }, () => ({ widgetId, type: 'impression', host: 'a.example' }));
    expect((await send(batch)).status).toBe(200);
    expect((await send(batch)).status).toBe(200);
    const res = await send(batch);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many events: one widget may receive 40 events a minute');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("counts another instance's events for a widget once a flush has read the store's window", async () => {
    const widgetId = await aWidget(t);
    const batch = (count: number) => Array.from({ length: count }, () => ({ widgetId, type: 'impression', host: 'a.example' }));
    expect((await send(batch(20))).status).toBe(200);
    await flushCounts({ ctx: t.ctx });
    const window = Math.floor(t.ctx.now().getTime() / 60_000);
    await t.ctx.store.collection(WIDGET_EVENT_WINDOWS).insertOne({ _id: 'another-instance', key: `widget:${widgetId}`, window, count: 20 });
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS));
    // This call starts the flush in the background and is judged before it reads; the next one after.
    expect((await send(batch(1))).status).toBe(200);
    await flushCounts({ ctx: t.ctx });
    const res = await send(batch(1));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many events: one widget may receive 40 events a minute');
  });

  it('refuses an address past its events a minute, whatever the widgets', async () => {
    const batch = (widgetId: string) => Array.from({ length: 25 }, () => ({ widgetId, type: 'impression', host: 'a.example' }));
    expect((await send(batch(await aWidget(t)))).status).toBe(200);
    expect((await send(batch(await aWidget(t)))).status).toBe(200);
    const res = await send(batch(await aWidget(t)));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many events: one address may send 60 events a minute');
  });

  it('lets an address send again once its window is over, and sweeps windows silent since', async () => {
    const batch = async (count: number) => {
      const widgetId = await aWidget(t);
      return send(Array.from({ length: count }, () => ({ widgetId, type: 'impression', host: 'a.example' })));
    };
    expect((await batch(30)).status).toBe(200);
    expect((await batch(40)).status).toBe(429);
    t.advance(60_000);
    expect((await batch(30)).status).toBe(200);
    // The counts are written in the background; stored before the two silent minutes pass.
    await flushCounts({ ctx: t.ctx });
    t.advance(120_000);
    expect(await sweepCounts({ ctx: t.ctx })).toBeGreaterThan(0);
  });
});
