// The quiz's and the cookie banner's engagement (POST /api/v1/events): each start, answer,
// completion and consent choice is counted by its subtype once the log is folded, and the
// engagement analytics list them; a value is refused on them as on every event but a vote.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { widgets } from '../../server/services/workspace/model';
import { eventCounters } from '../../server/services/widget-analytics/counters';
import { foldEventLog } from '../../server/services/widget-analytics/fold';

const t = withTestApp();

async function aWidget(type: string): Promise<string> {
  const now = t.ctx.now().toISOString();
  const guid = randomUUID();
  await widgets(t.ctx).insertOne({ _id: guid, ownerId: 'someone', projectId: null, name: type, type, settings: {}, views: 0, created: now, updated: now });
  return guid;
}

const send = (events: unknown[]) => request(t.app).post('/api/v1/events').send({ visitorId: 'visitor-0000000000001', events });
const engagement = (widgetId: string, subtype: string, extra: Record<string, unknown> = {}) => ({ widgetId, type: 'engagement', subtype, host: 'shop.example', ...extra });

async function countsOf(widgetId: string): Promise<Record<string, number>> {
  await foldEventLog({ ctx: t.ctx });
  const rows = await eventCounters(t.ctx).find({ widgetId, type: 'engagement' });
  return Object.fromEntries(rows.map((row) => [row.subtype, row.count]));
}

it('counts a quiz start, each answer and the completion by subtype', async () => {
  const widgetId = await aWidget('quiz');
  const res = await send([engagement(widgetId, 'quiz-start'), engagement(widgetId, 'quiz-answer'), engagement(widgetId, 'quiz-answer'), engagement(widgetId, 'quiz-answer'), engagement(widgetId, 'quiz-completed')]);
  expect(res.body.data).toEqual({ accepted: 5, rejected: [] });
  expect(await countsOf(widgetId)).toEqual({ 'quiz-start': 1, 'quiz-answer': 3, 'quiz-completed': 1 });
});

it('counts each cookie consent choice by subtype', async () => {
  const widgetId = await aWidget('cookie-banner');
  await send([engagement(widgetId, 'consent-accept-all'), engagement(widgetId, 'consent-accept-all'), engagement(widgetId, 'consent-reject-all'), engagement(widgetId, 'consent-custom')]);
  expect(await countsOf(widgetId)).toEqual({ 'consent-accept-all': 2, 'consent-reject-all': 1, 'consent-custom': 1 });
});

it('refuses a value on a quiz answer, keeping the rest of the batch', async () => {
  const widgetId = await aWidget('quiz');
  const res = await send([engagement(widgetId, 'quiz-answer', { value: '2' }), engagement(widgetId, 'quiz-start')]);
  expect(res.body.data).toEqual({ accepted: 1, rejected: [{ index: 0, reason: 'value is only for vote engagement events' }] });
});
