// The account's views this month (issue 38 item 6): its own widgets only, a widget last viewed in
// an earlier month counted 0 here and in the widgets list alike, the busiest first, those at or
// over the plan's monthly views counted, and only for a signed-in caller.
import request from 'supertest';
import { monthOf, viewsThisMonth } from '../../rules/month-views';
import { FREE_PLAN_FEATURES } from '../../rules/plan-features';
import { widgets } from '../../server/services/workspace/model';
import { withTestApp } from '../helpers/test-app';
import { workspaceCast } from './fixtures';

describe('views this month', () => {
  const t = withTestApp();

  it.each([
    ['this month', 40, '2026-12'],
    ['an earlier month', 0, '2026-11'],
    ['no month (seeded before months were kept)', 40, undefined],
  ])('counts a widget last viewed %s as %d', (_, counted, viewsMonth) => {
    expect(viewsThisMonth({ views: 40, viewsMonth, now: new Date('2026-12-02T10:00:00Z') })).toBe(counted);
  });

  it("answers the caller's own widgets' views, the list agreeing on each", async () => {
    const cast = await workspaceCast(t);
    const month = monthOf(t.ctx.now());
    const limit = FREE_PLAN_FEATURES.numberOfViewsPerMonth;
    const owned = [
      { _id: 'w-busy', name: 'Busy', views: limit + 5, viewsMonth: month },
      { _id: 'w-quiet', name: 'Quiet', views: 7, viewsMonth: month },
      { _id: 'w-stale', name: 'Stale', views: 999, viewsMonth: '2000-01' },
      { _id: 'w-unseen', name: 'Unseen', views: 0, viewsMonth: month },
    ];
    const at = t.ctx.now().toISOString();
    for (const widget of owned) await widgets(t.ctx).insertOne({ ...widget, ownerId: cast.userIds.owner, projectId: null, type: 'faq', settings: {}, created: at, updated: at });
    await widgets(t.ctx).insertOne({ _id: 'w-other', name: 'Not mine', views: 50, viewsMonth: month, ownerId: cast.userIds.admin, projectId: null, type: 'faq', settings: {}, created: at, updated: at });

    const usage = (await cast.agents.owner.get('/api/v1/user/viewsUsage').expect(200)).body.data;
    expect(usage).toEqual({
      month,
      total: limit + 12,
      limit,
      unlimited: false,
      widgetCount: 2,
      overLimitCount: 1,
      widgets: [
        { guid: 'w-busy', name: 'Busy', type: 'faq', projectId: null, views: limit + 5, overViewLimit: true },
        { guid: 'w-quiet', name: 'Quiet', type: 'faq', projectId: null, views: 7, overViewLimit: false },
      ],
    });
    const rows = (await cast.agents.owner.get('/api/project/uncategorized/component').expect(200)).body.data.docs as Array<{ guid: string; views: number }>;
    expect(Object.fromEntries(rows.map((row) => [row.guid, row.views]))).toEqual({ 'w-busy': limit + 5, 'w-quiet': 7, 'w-stale': 0, 'w-unseen': 0 });
  });

  it('asks who is asking', async () => {
    await request(t.app).get('/api/v1/user/viewsUsage').expect(401);
  });
});
