// A vote's answer (POST /api/v1/events, `value`): counted per poll answer once the log is folded,
// refused with a reason when it is not one of the poll's answers or the widget is not a poll, the
// rest of the batch kept either way.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { widgets } from '../../server/services/workspace/model';
import { eventCounters } from '../../server/services/widget-analytics/counters';
import { foldEventLog } from '../../server/services/widget-analytics/fold';
import { pollVoteCounts } from '../../server/services/widget-analytics/poll-votes';

const t = withTestApp();

async function aWidget({ type = 'poll', settings = { options: ['Tea', 'Coffee'] } }: { type?: string; settings?: Record<string, unknown> } = {}): Promise<string> {
  const now = t.ctx.now().toISOString();
  const guid = randomUUID();
  await widgets(t.ctx).insertOne({ _id: guid, ownerId: 'someone', projectId: null, name: 'Drinks', type, settings, views: 0, created: now, updated: now });
  return guid;
}

const send = (events: unknown[], visitorId = 'visitor-0000000000001') => request(t.app).post('/api/v1/events').send({ visitorId, events });
const vote = (widgetId: string, value?: string) => ({ widgetId, type: 'engagement', subtype: 'vote', host: 'shop.example', ...(value === undefined ? {} : { value }) });

/** The poll's votes per answer once the log is folded. */
async function votesOf(widgetId: string): Promise<Record<string, number>> {
  await foldEventLog({ ctx: t.ctx });
  return Object.fromEntries(await pollVoteCounts({ ctx: t.ctx, widgetId }));
}

describe('poll votes', () => {
  it("counts each visitor's answer once the log is folded, and each voter in the daily counters", async () => {
    const widgetId = await aWidget();
    const ballots: [string, string | undefined][] = [['visitor-a000000000000', 'Tea'], ['visitor-b000000000000', 'Coffee'], ['visitor-c000000000000', 'Tea'], ['visitor-d000000000000', undefined]];
    const answers = await Promise.all(ballots.map(([visitor, answer]) => send([vote(widgetId, answer)], visitor)));
    expect(answers.map((res) => res.body.data)).toEqual(ballots.map(() => ({ accepted: 1, rejected: [] })));
    expect(await pollVoteCounts({ ctx: t.ctx, widgetId })).toEqual(new Map());
    expect(await votesOf(widgetId)).toEqual({ Tea: 2, Coffee: 1 });
    expect((await eventCounters(t.ctx).findOne({ widgetId, subtype: 'vote' }))?.count).toBe(4);
    await send([vote(widgetId, 'Coffee')], 'visitor-e000000000000');
    expect(await votesOf(widgetId)).toEqual({ Tea: 2, Coffee: 2 });
  });

  it('counts the answers the poll offers by default when its settings name none', async () => {
    const widgetId = await aWidget({ settings: {} });
    expect((await send([vote(widgetId, 'Dark mode')])).body.data).toEqual({ accepted: 1, rejected: [] });
    expect(await votesOf(widgetId)).toEqual({ 'Dark mode': 1 });
  });

  it("refuses an answer that is not one of the poll's, keeping the rest of the batch", async () => {
    const widgetId = await aWidget();
    const res = await send([vote(widgetId, 'Milk'), { widgetId, type: 'impression', host: 'shop.example' }, vote(widgetId, 'tea'), vote(widgetId, 'Tea')]);
    expect(res.body.data).toEqual({
      accepted: 2,
      rejected: [
        { index: 0, reason: "value must be one of the poll's answers" },
        { index: 2, reason: "value must be one of the poll's answers" },
      ],
    });
    expect(await votesOf(widgetId)).toEqual({ Tea: 1 });
    expect((await eventCounters(t.ctx).findOne({ widgetId, subtype: 'vote' }))?.count).toBe(1);
  });

  it.each([
    ['on a widget that is not a poll', { type: 'faq', settings: {} }, (widgetId: string) => vote(widgetId, 'Tea'), 'value is only for the votes of a poll, and this widget is not one'],
    ['on an event that is not a vote', {}, (widgetId: string) => ({ widgetId, type: 'engagement', subtype: 'tab', host: 'shop.example', value: 'Tea' }), 'value is only for vote engagement events'],
    ['on an impression', {}, (widgetId: string) => ({ widgetId, type: 'impression', host: 'shop.example', value: 'Tea' }), 'value is only for vote engagement events'],
    ['empty', {}, (widgetId: string) => vote(widgetId, ''), 'value must be an answer of 1 to 200 characters'],
    ['over 200 characters', {}, (widgetId: string) => vote(widgetId, 'T'.repeat(201)), 'value must be an answer of 1 to 200 characters'],
    ['not a string', {}, (widgetId: string) => ({ ...vote(widgetId), value: 3 }), 'value must be an answer of 1 to 200 characters'],
  ])('refuses a value %s with its reason', async (_case, widget, event, reason) => {
    const widgetId = await aWidget(widget);
    const res = await send([event(widgetId), vote(widgetId)]);
    expect(res.body.data).toEqual({ accepted: 1, rejected: [{ index: 0, reason }] });
    expect(await votesOf(widgetId)).toEqual({});
  });
});
