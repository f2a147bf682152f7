// The demo owner's widgets have 90 days of events on a fresh start (issue 10 section 5), and the
// demo poll running results that add up to its vote events.
import request from 'supertest';
import { DEMO_OWNER, seedAccounts } from '../../server/demo/accounts';
import { DEMO_PROJECTS, seedWorkspaceProjects } from '../../server/demo/workspace-projects';
import { seedWorkspaceWidgets } from '../../server/demo/workspace-widgets';
import { seedWidgetAnalytics } from '../../server/demo/widget-analytics';
import { eventCounters } from '../../server/services/widget-analytics/counters';
import { addDays, isoDay, toAnalyticsDate } from '../../rules/widget-analytics';
import { withTestApp } from '../helpers/test-app';
import { CAPTCHA } from '../helpers/accounts';

describe('demo widget analytics', () => {
  const t = withTestApp();

  it('gives the demo owner widgets 90 days of installs, impressions, views and engagement, and the poll its results, once', async () => {
    await seedAccounts(t.ctx);
    await seedWorkspaceProjects(t.ctx);
    await seedWorkspaceWidgets(t.ctx);
    expect(await seedWidgetAnalytics(t.ctx)).toHaveLength(1);
    const counters = await eventCounters(t.ctx).count({});
    expect(await seedWidgetAnalytics(t.ctx)).toEqual([]);
    expect(await eventCounters(t.ctx).count({})).toBe(counters);
    expect(await eventCounters(t.ctx).count({ widgetId: 'demo-widget-newsletter-form' })).toBe(0);

    const owner = request.agent(t.app);
    await owner.post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA });
    const today = isoDay(t.ctx.now());
    const query = `fromDate=${toAnalyticsDate(addDays(today, -89))}&toDate=${toAnalyticsDate(today)}`;
    const client = (await owner.get(`/api/v1/plugin/demo-widget-poll/analytics/client?${query}`)).body.data;
    expect(client.eventType.view).toBeGreaterThan(0);
    expect(client.eventType.impression).toBeGreaterThan(client.eventType.view);
    expect(client.eventType.install).toBeGreaterThan(0);
    expect(client.host.map((entry: { host: string }) => entry.host)).toEqual(['www.demo-shop.com', 'blog.demo-shop.com', 'demo-shop.myshopify.com']);
    expect(client.breakdown).toBe('week');
    const engagement = (await owner.get(`/api/v1/plugin/demo-widget-poll/analytics/engagement?${query}`)).body.data;
    expect(engagement.summary.all).toBeGreaterThan(0);
    expect(engagement.events.length).toBeGreaterThan(0);

    const votes = engagement.events.find((event: { subtype: string }) => event.subtype === 'vote')?.count;
    expect(votes).toBeGreaterThan(0);
    const results = (await request(t.app).get('/api/v1/embed/widget/demo-widget-poll/results')).body.data;
    expect(results.options.map((entry: { option: string }) => entry.option)).toEqual(['Dark mode', 'Mobile app', 'More integrations']);
    expect(results.options.every((entry: { votes: number }) => entry.votes > 0)).toBe(true);
    expect(results.total).toBe(votes);
  });

  // Issue 38 item 6: one count per widget and month, whichever screen shows it.
  it("agrees with the widgets list and the account's meter on each widget's views this month, the over-limit one included", async () => {
    await seedAccounts(t.ctx);
    await seedWorkspaceProjects(t.ctx);
    await seedWorkspaceWidgets(t.ctx);
    await seedWidgetAnalytics(t.ctx);
    const owner = request.agent(t.app);
    await owner.post('/api/user/login').send({ username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: CAPTCHA });
    const today = isoDay(t.ctx.now());
    const monthStart = `${today.slice(0, 8)}01`;
    const listed = (await owner.get(`/api/project/${DEMO_PROJECTS.marketing._id}/component`)).body.data.docs as Array<{ guid: string; views: number; overViewLimit: boolean }>;
    const meter = (await owner.get('/api/v1/user/viewsUsage')).body.data as { total: number; limit: number; widgets: Array<{ guid: string; views: number; overViewLimit: boolean }> };
    for (const row of listed) {
      const analytics = (await owner.get(`/api/v1/plugin/${row.guid}/analytics/client?fromDate=${toAnalyticsDate(monthStart)}&toDate=${toAnalyticsDate(today)}`)).body.data;
      expect({ guid: row.guid, views: analytics.eventType.view }).toEqual({ guid: row.guid, views: row.views });
      const metered = meter.widgets.find((widget) => widget.guid === row.guid);
      if (metered) expect(metered).toEqual(expect.objectContaining({ views: row.views, overViewLimit: row.overViewLimit }));
    }
    expect(listed.find((row) => row.guid === 'demo-widget-launch-countdown')).toEqual(expect.objectContaining({ views: 123_456, overViewLimit: true }));
    expect(meter.widgets[0]).toEqual(expect.objectContaining({ guid: 'demo-widget-launch-countdown', views: 123_456, overViewLimit: true }));
  });
});
