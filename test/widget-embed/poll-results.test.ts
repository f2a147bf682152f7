// GET /api/v1/embed/widget/{guid}/results: a poll's votes per current answer once the events are
// folded, public, briefly cacheable and open to every origin; 404 for anything but a poll showing them.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { widgets } from '../../server/services/workspace/model';
import { foldEventLog } from '../../server/services/widget-analytics/fold';

const t = withTestApp();

async function aWidget({ type = 'poll', settings = { options: ['Tea', 'Coffee', 'Water'] } }: { type?: string; settings?: Record<string, unknown> } = {}): Promise<string> {
  const now = t.ctx.now().toISOString();
  const guid = randomUUID();
  await widgets(t.ctx).insertOne({ _id: guid, ownerId: 'someone', projectId: null, name: 'Drinks', type, settings, views: 0, created: now, updated: now });
  return guid;
}

const vote = (widgetId: string, value: string) => ({ widgetId, type: 'engagement', subtype: 'vote', host: 'shop.example', value });

/** Each answer voted by a visitor of its own. */
async function votes(widgetId: string, answers: string[]): Promise<void> {
  for (const value of answers) {
    const res = await request(t.app).post('/api/v1/events').send({ visitorId: `visitor-${randomUUID()}`, events: [vote(widgetId, value)] });
    expect(res.body.data.accepted).toBe(1);
  }
  await foldEventLog({ ctx: t.ctx });
}

const results = (guid: string) => request(t.app).get(`/api/v1/embed/widget/${guid}/results`).set('Origin', 'https://shop.example');

describe('poll results', () => {
  it("answers every answer's votes in the poll's order and their total, once the batch is folded", async () => {
    const guid = await aWidget();
    expect((await results(guid)).body.data).toEqual({ guid, options: [{ option: 'Tea', votes: 0 }, { option: 'Coffee', votes: 0 }, { option: 'Water', votes: 0 }], total: 0 });
    await votes(guid, ['Coffee', 'Tea', 'Coffee', 'Coffee']);
    const res = await results(guid);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ guid, options: [{ option: 'Tea', votes: 1 }, { option: 'Coffee', votes: 3 }, { option: 'Water', votes: 0 }], total: 4 });
  });

  it('counts four batches of 50 votes for one answer from one visitor as one vote', async () => {
    const guid = await aWidget();
    for (let i = 0; i < 4; i += 1) {
      const res = await request(t.app).post('/api/v1/events').send({ visitorId: 'one-visitor-000000001', events: Array.from({ length: 50 }, () => vote(guid, 'Tea')) });
      expect(res.body.data.accepted).toBe(50);
    }
    await foldEventLog({ ctx: t.ctx });
    expect((await results(guid)).body.data).toEqual({ guid, options: [{ option: 'Tea', votes: 1 }, { option: 'Coffee', votes: 0 }, { option: 'Water', votes: 0 }], total: 1 });
  });

  it('is public, cacheable for a few seconds, open to every origin and embeddable like the settings call', async () => {
    const guid = await aWidget();
    const res = await results(guid);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers.etag).toBeTruthy();
    expect((await results(guid).set('If-None-Match', res.headers.etag)).status).toBe(304);
  });

  it('leaves out the votes of an answer no longer offered', async () => {
    const guid = await aWidget();
    await votes(guid, ['Water', 'Tea']);
    await widgets(t.ctx).updateOne({ _id: guid }, { $set: { settings: { options: ['Tea', 'Juice'] } } });
    expect((await results(guid)).body.data).toEqual({ guid, options: [{ option: 'Tea', votes: 1 }, { option: 'Juice', votes: 0 }], total: 1 });
  });

  it.each([
    ['an unknown widget', async () => 'no-such-widget', 'Widget not found'],
    ['a widget that is not a poll', async () => aWidget({ type: 'faq', settings: {} }), 'This widget is not a poll: it has no results'],
    ['a poll whose results are not shown', async () => aWidget({ settings: { options: ['Tea', 'Coffee'], showResults: false } }), 'This poll does not show its results'],
  ])('answers 404 JSON for %s', async (_case, aGuid, message) => {
    const res = await results(await aGuid());
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, data: null, message });
  });
});
