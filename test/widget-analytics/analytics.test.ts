// GET /api/v1/plugin/{id}/analytics/client and /engagement (spec 003 sections 3 and 7): sums of the
// daily counters over a range, by host, subtype and period, and who may read them.
import { withTestApp } from '../helpers/test-app';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast } from '../workspace/fixtures';
import { addToCounter } from '../../server/services/widget-analytics/counters';
import { foldEventLog } from '../../server/services/widget-analytics/fold';
import type { CounterKey } from '../../server/services/widget-analytics/counters';
import { addDays, isoDay, toAnalyticsDate } from '../../rules/widget-analytics';

const t = withTestApp({ scope: 'file' });
let cast: WorkspaceCast;
beforeAll(async () => {
  cast = await workspaceCast(t);
});

const today = (): string => isoDay(t.ctx.now());

/** Counters of a widget on days counted back from today. */
async function counted(guid: string, rows: [daysAgo: number, host: string, type: CounterKey['type'], subtype: CounterKey['subtype'], count: number][]): Promise<void> {
  for (const [daysAgo, host, type, subtype, count] of rows) {
    await addToCounter({ ctx: t.ctx, key: { widgetId: guid, host, day: addDays(today(), -daysAgo), type, subtype }, count });
  }
}

const range = (fromDaysAgo: number, toDaysAgo = 0): string =>
  `fromDate=${toAnalyticsDate(addDays(today(), -fromDaysAgo))}&toDate=${toAnalyticsDate(addDays(today(), -toDaysAgo))}`;

async function aWidgetWithEvents(): Promise<string> {
  const { guid } = await workspaceProject({ t, cast });
  await counted(guid, [
    [0, 'shop.example', 'impression', '', 5],
    [0, 'blog.example', 'impression', '', 2],
    [1, 'shop.example', 'install', '', 1],
    [1, 'shop.example', 'view', '', 3],
    [3, 'blog.example', 'impression', '', 4],
    [10, 'old.example', 'impression', '', 100],
    [0, 'shop.example', 'engagement', 'vote', 6],
    [2, 'shop.example', 'engagement', 'conversion', 2],
    [2, 'blog.example', 'engagement', 'participant-signup', 1],
    [9, 'shop.example', 'engagement', 'share', 50],
  ]);
  return guid;
}

describe('widget analytics', () => {
  it('sums installs, impressions and views of the last 7 days by default, with hosts and impressions by day', async () => {
    const guid = await aWidgetWithEvents();
    const res = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/client`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Pricing table', eventType: { install: 1, impression: 11, view: 3 }, breakdown: 'day' });
    expect(res.body.data.host).toEqual([
      { host: 'shop.example', count: 9 },
      { host: 'blog.example', count: 6 },
    ]);
    const byDay = res.body.data.timestamp as { date: string; count: number }[];
    expect(byDay.map((entry) => entry.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((daysAgo) => addDays(today(), -daysAgo)));
    expect(byDay.map((entry) => entry.count)).toEqual([0, 0, 0, 4, 0, 0, 7]);
  });

  it('sums engagement into all, conversions and interactions with each subtype, most first', async () => {
    const guid = await aWidgetWithEvents();
    const res = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/engagement?${range(6)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ all: 9, conversions: 3, interactions: 6 });
    expect(res.body.data.events).toEqual([
      { subtype: 'vote', count: 6 },
      { subtype: 'conversion', count: 2 },
      { subtype: 'participant-signup', count: 1 },
    ]);
  });

  it('widens to the range asked for', async () => {
    const guid = await aWidgetWithEvents();
    const client = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/client?${range(10, 3)}`);
    expect(client.body.data.eventType).toEqual({ install: 0, impression: 104, view: 0 });
    const engagement = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/engagement?${range(30)}`);
    expect(engagement.body.data.summary).toEqual({ all: 59, conversions: 3, interactions: 56 });
  });

  it.each([
    ['week', 28, 5],
    ['month', 31, 2],
  ])('groups the series by %s, every period present once', async (breakdown, days, atLeast) => {
    const guid = await aWidgetWithEvents();
    const res = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/client?${range(days)}&breakdown=${breakdown}`);
    const series = res.body.data.timestamp as { date: string; count: number }[];
    expect(res.body.data.breakdown).toBe(breakdown);
    expect(series.length).toBeGreaterThanOrEqual(atLeast);
    expect(new Set(series.map((entry) => entry.date)).size).toBe(series.length);
    expect(series.reduce((total, entry) => total + entry.count, 0)).toBe(111);
    if (breakdown === 'week') expect(series.every((entry) => new Date(`${entry.date}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    if (breakdown === 'month') expect(series.every((entry) => entry.date.endsWith('-01'))).toBe(true);
  });

  it.each([
    ['a malformed date', 'fromDate=2024-01-01', 'fromDate must be a date in MM-DD-YYYY format'],
    ['a day that does not exist', 'fromDate=02-30-2024&toDate=03-01-2024', 'fromDate must be a date in MM-DD-YYYY format'],
    ['a day before analytics start', 'fromDate=07-31-2019&toDate=08-10-2019', 'fromDate cannot be before 08-01-2019, when analytics start'],
    ['a range the wrong way round', 'fromDate=08-10-2019&toDate=08-01-2019', 'fromDate must be on or before toDate'],
    ['a last day in the future', 'toDate=01-01-2999', 'toDate cannot be after today'],
  ])('refuses %s with 400 and says why', async (_case, query, message) => {
    const { guid } = await workspaceProject({ t, cast });
    const res = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/client?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['analyst', 200],
    ['editor', 200],
    ['viewer', 403],
  ] as const)('answers a widget collaborator with the %s role %d', async (role, status) => {
    const { guid } = await workspaceProject({ t, cast, widgetCollaboratorRole: role });
    const res = await cast.agents.widgetCollaborator.get(`/api/v1/plugin/${guid}/analytics/engagement`);
    expect(res.status).toBe(status);
  });

  it('answers a stranger as if the widget did not exist', async () => {
    const guid = await aWidgetWithEvents();
    const res = await cast.agents.stranger.get(`/api/v1/plugin/${guid}/analytics/client`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Widget not found');
  });

  it('counts the events the ingestion accepted once folded', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const events = [
      { widgetId: guid, type: 'impression', host: 'live.example' },
      { widgetId: guid, type: 'engagement', subtype: 'vote', host: 'live.example' },
    ];
    expect((await cast.agents.anonymous.post('/api/v1/events').set('Origin', 'https://team.example.com').send({ events })).body.data.accepted).toBe(2);
    await foldEventLog({ ctx: t.ctx });
    const client = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/client`);
    expect(client.body.data.host).toEqual([{ host: 'live.example', count: 1 }]);
    const engagement = await cast.agents.owner.get(`/api/v1/plugin/${guid}/analytics/engagement`);
    expect(engagement.body.data.events).toEqual([{ subtype: 'vote', count: 1 }]);
  });
});
