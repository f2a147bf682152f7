// Votes and events count people, not requests (issue 19): one vote per visitor per poll (a
// changed vote moves it), impressions and views once per visitor, widget and day, and at most so
// many new visitors or voters per client address, widget and day.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { widgets } from '../../server/services/workspace/model';
import { eventCounters } from '../../server/services/widget-analytics/counters';
import { foldEventLog } from '../../server/services/widget-analytics/fold';
import { pollVoteCounts } from '../../server/services/widget-analytics/poll-votes';
import { PER_ADDRESS_PER_DAY, sweepPastDays, visits } from '../../server/services/widget-analytics/people';

const t = withTestApp({ config: { trustProxy: true, eventLimits: { perWidgetPerMinute: 100_000, perAddressPerMinute: 100_000 } } });

async function aPoll(): Promise<string> {
  const now = t.ctx.now().toISOString();
  const guid = randomUUID();
  await widgets(t.ctx).insertOne({ _id: guid, ownerId: 'someone', projectId: null, name: 'Drinks', type: 'poll', settings: { options: ['Tea', 'Coffee'] }, views: 0, created: now, updated: now });
  return guid;
}

const visitor = (n: number): string => `visitor-${String(n).padStart(12, '0')}`;
const send = ({ events, visitorId, address }: { events: unknown[]; visitorId?: string; address?: string }) => {
  const call = request(t.app).post('/api/v1/events');
  if (address) call.set('X-Forwarded-For', address);
  return call.send({ ...(visitorId ? { visitorId } : {}), events });
};
const vote = (widgetId: string, value: string) => ({ widgetId, type: 'engagement', subtype: 'vote', host: 'shop.example', value });
const times = (n: number, event: unknown) => Array.from({ length: n }, () => event);

async function resultsOf(widgetId: string): Promise<Record<string, number>> {
  await foldEventLog({ ctx: t.ctx });
  return Object.fromEntries([...(await pollVoteCounts({ ctx: t.ctx, widgetId }))].filter(([, count]) => count !== 0));
}

async function countOf(widgetId: string, type: string, subtype = ''): Promise<number> {
  await foldEventLog({ ctx: t.ctx });
  const rows = await eventCounters(t.ctx).find({ widgetId, type, subtype });
  return rows.reduce((sum, row) => sum + row.count, 0);
}

describe('votes count people', () => {
  it.each([
    ['one visitor', visitor(1)],
    ['no visitor id, one address', undefined],
  ])('counts four batches of 50 votes for one answer from %s as one vote', async (_case, visitorId) => {
    const widgetId = await aPoll();
    for (let i = 0; i < 4; i += 1) expect((await send({ events: times(50, vote(widgetId, 'Tea')), visitorId })).body.data.accepted).toBe(50);
    expect(await resultsOf(widgetId)).toEqual({ Tea: 1 });
    expect(await countOf(widgetId, 'engagement', 'vote')).toBe(1);
  });

  it('counts two visitors as two votes', async () => {
    const widgetId = await aPoll();
    await send({ events: [vote(widgetId, 'Tea')], visitorId: visitor(1) });
    await send({ events: [vote(widgetId, 'Tea')], visitorId: visitor(2) });
    expect(await resultsOf(widgetId)).toEqual({ Tea: 2 });
  });

  it('moves a changed vote to the new answer, in a later fold or within one batch', async () => {
    const widgetId = await aPoll();
    await send({ events: [vote(widgetId, 'Tea')], visitorId: visitor(1) });
    await send({ events: [vote(widgetId, 'Tea')], visitorId: visitor(2) });
    expect(await resultsOf(widgetId)).toEqual({ Tea: 2 });
    await send({ events: [vote(widgetId, 'Coffee')], visitorId: visitor(1) });
    expect(await resultsOf(widgetId)).toEqual({ Tea: 1, Coffee: 1 });
    await send({ events: [vote(widgetId, 'Tea'), vote(widgetId, 'Coffee'), vote(widgetId, 'Tea')], visitorId: visitor(3) });
    expect(await resultsOf(widgetId)).toEqual({ Tea: 2, Coffee: 1 });
  });

  it('counts one vote when two folds side by side take the same visitor from different log documents', async () => {
    const widgetId = await aPoll();
    for (let i = 0; i < 6; i += 1) await send({ events: [vote(widgetId, 'Tea')], visitorId: visitor(1) });
    await Promise.all([foldEventLog({ ctx: t.ctx }), foldEventLog({ ctx: t.ctx }), foldEventLog({ ctx: t.ctx })]);
    expect(await resultsOf(widgetId)).toEqual({ Tea: 1 });
  });

  it.each<[string, (i: number) => string]>([
    ['one IPv4 address', () => '203.0.113.7'],
    // Keyed by the shared addressKey (server/http/client-address.ts), as every per-address limit.
    ['ever-changing addresses of one IPv6 /64', (i) => `2001:db8:5:6::${(i + 1).toString(16)}`],
  ])('counts at most the cap of new voters per address per poll and day from %s, and other addresses still count', async (_case, from) => {
    const widgetId = await aPoll();
    const cap = PER_ADDRESS_PER_DAY.ballot;
    for (let i = 0; i < cap + 10; i += 1) await send({ events: [vote(widgetId, 'Tea')], visitorId: visitor(i), address: from(i) });
    await send({ events: [vote(widgetId, 'Coffee')], visitorId: visitor(1000), address: '198.51.100.1' });
    expect(await resultsOf(widgetId)).toEqual({ Tea: cap, Coffee: 1 });
    // A voter already counted may still change their vote past the cap.
    await send({ events: [vote(widgetId, 'Coffee')], visitorId: visitor(0), address: from(500) });
    expect(await resultsOf(widgetId)).toEqual({ Tea: cap - 1, Coffee: 2 });
    t.advance(24 * 60 * 60 * 1000);
    await send({ events: [vote(widgetId, 'Tea')], visitorId: visitor(2000), address: from(501) });
    expect(await resultsOf(widgetId)).toEqual({ Tea: cap, Coffee: 2 });
  });
});

describe('impressions and views count people', () => {
  it('counts 200 impressions and views by one visitor in a day as one each, again the next day', async () => {
    const widgetId = await aPoll();
    const impression = { widgetId, type: 'impression', host: 'shop.example' };
    const view = { widgetId, type: 'view', host: 'shop.example' };
    for (let i = 0; i < 4; i += 1) await send({ events: [...times(25, impression), ...times(25, view)], visitorId: visitor(1) });
    for (let i = 0; i < 2; i += 1) await send({ events: times(50, impression), visitorId: visitor(1) });
    expect(await countOf(widgetId, 'impression')).toBe(1);
    expect(await countOf(widgetId, 'view')).toBe(1);
    expect((await widgets(t.ctx).findOne({ _id: widgetId }))?.views).toBe(1);
    await send({ events: [impression], visitorId: visitor(2) });
    expect(await countOf(widgetId, 'impression')).toBe(2);
    t.advance(24 * 60 * 60 * 1000);
    await send({ events: [impression, view], visitorId: visitor(1) });
    expect(await countOf(widgetId, 'impression')).toBe(3);
    expect(await countOf(widgetId, 'view')).toBe(2);
  });

  it('counts at most the cap of new visitors per address per widget and day', async () => {
    const widgetId = await aPoll();
    for (let batch = 0; batch < 3; batch += 1) {
      const sends = Array.from({ length: 50 }, (_, i) => send({ events: [{ widgetId, type: 'impression', host: 'shop.example' }], visitorId: visitor(batch * 50 + i), address: '203.0.113.9' }));
      await Promise.all(sends);
    }
    expect(await countOf(widgetId, 'impression')).toBe(PER_ADDRESS_PER_DAY.impression);
  });

  it('forgets the visits of days past their events', async () => {
    const widgetId = await aPoll();
    await send({ events: [{ widgetId, type: 'impression', host: 'shop.example' }], visitorId: visitor(1) });
    await foldEventLog({ ctx: t.ctx });
    expect(await visits(t.ctx).count({ widgetId })).toBe(1);
    t.advance(2 * 24 * 60 * 60 * 1000);
    await sweepPastDays({ ctx: t.ctx });
    expect(await visits(t.ctx).count({ widgetId })).toBe(1);
    t.advance(2 * 24 * 60 * 60 * 1000);
    await sweepPastDays({ ctx: t.ctx });
    expect(await visits(t.ctx).count({ widgetId })).toBe(0);
  });
});

describe('the visitor id', () => {
  it.each([
    ['shorter than 16 characters', 'short-id'],
    ['longer than 64 characters', 'v'.repeat(65)],
    ['with characters outside letters, digits, - and _', 'visitor id with spaces!'],
    ['not a string', 1234567890123456],
  ])('refuses a batch whose visitorId is %s with 400', async (_case, visitorId) => {
    const widgetId = await aPoll();
    const res = await request(t.app).post('/api/v1/events').send({ visitorId, events: [vote(widgetId, 'Tea')] });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toHaveProperty('visitorId');
  });
});
