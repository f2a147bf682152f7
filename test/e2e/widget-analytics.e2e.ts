// Widget analytics end to end (issue 10): the demo owner opens a widget's analytics from the
// widgets list's menu, sees the demo numbers of the last 7 days, widens the range to 90 days and
// sees them grow with weekly charts; the embedded variant has no back link; no widget id is refused.
import type { Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { until, urlMatches, visible } from './expect';
import { abbreviate } from '../../rules/abbreviate';
import { addDays, isoDay, toAnalyticsDate } from '../../rules/widget-analytics';

const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner' };
const MARKETING = '/user/dashboard/projects/demo-project-marketing';

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);
/** No spinner left (page or tables), then a moment for the charts' animation. */
async function settled(page: Page): Promise<void> {
  const shownSpinners = () =>
    page.locator('.loading, .spinner, .ag-overlay-loading-wrapper').evaluateAll((found) => found.filter((el) => (el as HTMLElement).offsetParent !== null).length);
  await until(async () => (await shownSpinners()) === 0, 'everything has loaded');
  await page.waitForTimeout(1000);
}
/** The select's accessible name also holds its chosen option ("Breakdown Week"). */
const breakdown = (page: Page) => page.getByRole('group', { name: 'Date range' }).getByRole('combobox');

export const scenarios: Scenario[] = [
  {
    name: 'the demo owner reads a widget analytics, widens the range and sees the embedded variant',
    run: async ({ page, context, screenshot }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      const today = isoDay(new Date());
      const expected = async (fromDaysAgo: number) => {
        const query = `fromDate=${toAnalyticsDate(addDays(today, -fromDaysAgo))}&toDate=${toAnalyticsDate(today)}`;
        const answer = await context.request.get(`/api/v1/plugin/demo-widget-poll/analytics/client?${query}`);
        return ((await answer.json()) as { data: { eventType: { impression: number; install: number; view: number } } }).data.eventType;
      };

      await page.goto(MARKETING);
      await page.getByRole('button', { name: 'More Feature poll' }).click();
      await page.getByRole('dialog', { name: 'Feature poll' }).getByRole('link', { name: 'Analytics' }).click();
      await urlMatches(page, /\/user\/dashboard\/analytics\/demo-widget-poll$/);
      await visible(page.getByRole('heading', { name: 'Feature poll analytics' }));
      const week = await expected(6);
      await until(async () => (await figure(page, 'impressions').textContent()) === abbreviate(week.impression), 'the 7-day impressions show');
      await visible(figure(page, 'pageviews').getByText(abbreviate(week.view)));
      await visible(page.getByRole('region', { name: 'Top Hosts' }).locator('.ag-row', { hasText: 'www.demo-shop.com' }));
      await visible(page.getByRole('region', { name: 'Events Breakdown' }).locator('.ag-row'));
      await visible(page.getByRole('img', { name: 'Impressions by Date' }).locator('canvas'));
      await visible(page.getByRole('img', { name: 'Events by Date' }).locator('canvas'));
      await visible(page.getByRole('link', { name: '← Back to dashboard' }));
      await settled(page);
      await screenshot('widget-analytics-week');

      await page.getByLabel('From').fill(addDays(today, -89));
      const quarter = await expected(89);
      await until(async () => (await figure(page, 'impressions').textContent()) === abbreviate(quarter.impression), 'the 90-day impressions show');
      await until(async () => (await breakdown(page).inputValue()) === 'week', 'the charts break down by week');
      await breakdown(page).selectOption('month');
      await until(async () => (await breakdown(page).inputValue()) === 'month', 'the charts break down by month');
      await visible(page.getByRole('img', { name: 'Events by Date' }).locator('canvas'));
      await settled(page);
      await screenshot('widget-analytics-quarter');

      await page.goto('/embed/analytics/demo-widget-poll');
      await visible(page.getByRole('heading', { name: 'Feature poll analytics' }));
      await until(async () => (await page.getByRole('link', { name: '← Back to dashboard' }).count()) === 0, 'no back link when embedded');
      await settled(page);
      await screenshot('widget-analytics-embedded');

      await page.goto('/user/dashboard/analytics/demo-widget-newsletter-form');
      await visible(page.getByRole('heading', { name: 'Newsletter form analytics' }));
      await visible(page.getByRole('region', { name: 'Top Hosts' }).getByText('No data.'));
      await settled(page);
      await screenshot('widget-analytics-empty');

      await page.goto('/user/dashboard/analytics');
      await visible(page.getByRole('alert').getByText('Widget ID is empty.'));
      await page.goto('/user/dashboard/analytics/no-such-widget');
      await visible(page.getByText('Could not load analytics.'));
      await visible(page.getByText('Widget not found'));
      await settled(page);
      await screenshot('widget-analytics-not-found');
    },
  },
];
