// What a site owner and a developer saw wrong that only a browser shows (issue 37, item 6): the
// first paint before any script runs, whole names in the sidebar at 1440 px, and on a phone
// (390 px) the webhook messages within the screen and app users' names whole.
import type { Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { until, visible } from './expect';
import { DEMO_DEVELOPER, DEMO_FREE_OWNER } from '../../server/demo/accounts';

const REVIEWS = '/developer/apps/demo-review-booster';

async function signIn(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  const answer = await page.request.post('/api/user/login', { data: { username: email, password, captchaToken: 'e2e' } });
  if (!answer.ok()) throw new Error(`signing in ${email} answered ${answer.status()}`);
}

/** Elements matching `selector` whose text is cut (it needs more room than it has). */
const cutTexts = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((found) => found.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''));

export const scenarios: Scenario[] = [
  {
    name: 'the first paint, before any script, is the shape of the shell of the address',
    run: async ({ browser, baseUrl }) => {
      // With scripts off the page is what the browser paints from index.html alone (first-paint.js aside).
      const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto('/user/dashboard/projects');
        const shape = page.locator('#root > .first-paint');
        await visible(shape);
        const side = await page.locator('.first-paint__side').boundingBox();
        if (!side || side.width < 200 || side.height < 800) throw new Error(`no sidebar shape at first paint: ${JSON.stringify(side)}`);
        if ((await page.locator('.first-paint__page i').count()) < 3) throw new Error('no page shapes at first paint');
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'at 1440 px the sidebar shows the signed-in name whole',
    run: async ({ page, screenshot }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, DEMO_FREE_OWNER);
      await page.goto('/user/dashboard/projects');
      await visible(page.locator('.sidebar__who strong', { hasText: DEMO_FREE_OWNER.fullName }));
      const cut = await cutTexts(page, '.sidebar__who strong, .sidebar__who small');
      if (cut.length > 0) throw new Error(`the sidebar cuts ${JSON.stringify(cut)}`);
      await screenshot('sidebar-name-whole');
    },
  },
  {
    name: 'on a phone the webhook messages fit the screen and app users show their names whole',
    run: async ({ page, screenshot }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, DEMO_DEVELOPER);
      await page.goto(`${REVIEWS}/webhooks/webhook/demo-webhook-events`);
      await visible(page.locator('.dp-msg'));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) throw new Error(`the webhook messages run to ${width} px on a 390 px screen`);
      await screenshot('phone-webhook-messages');

      await page.goto(`${REVIEWS}/users`);
      await visible(page.locator('.ag-row .ag-cell[col-id="accountName"]'));
      await until(async () => (await cutTexts(page, '.ag-row .ag-cell[col-id="accountName"], .ag-row .ag-cell[col-id="accountName"] *')).length === 0, 'every app user name whole (it wraps)');
      await screenshot('phone-app-users');
    },
  },
];
