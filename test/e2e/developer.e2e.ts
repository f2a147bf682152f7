// Developer portal end to end: create an app, set its redirect URLs, connect an integration,
// add a webhook, send a test event and see it under Succeeded, install the app as a store
// owner and see the installation on the dashboard chart; plus search and the sign-in gate.
// Every developer screen is saved as test-results/screens/developer-*.png.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Scenario, ScenarioContext } from './scenario';
import { signUpThroughApi } from './helpers';
import { until, urlMatches, visible } from './expect';
import { redirectReceiver, webhookReceiver } from './developer-receivers';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name, exact: true });
/** Screenshots from the top of the page (a submit scrolls to its button), charts done animating. */
const shoot = (screenshot: ScenarioContext['screenshot']) => async (name: string, target: Page): Promise<void> => {
  await target.evaluate(() => window.scrollTo(0, 0));
  await target.waitForTimeout(name.includes('dashboard') ? 1200 : 300);
  await screenshot(name, target);
};
const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));
/** My Apps' cards (ResourceCards: one list item per app, named by its title). */
const appCards = (page: Page) => page.getByRole('list', { name: 'My Apps' }).locator('li[data-record]');
const appCard = (page: Page, name: string) => page.getByRole('list', { name: 'My Apps' }).getByRole('listitem', { name, exact: true });

async function createApp(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: /Create a New App/ }).click();
  await page.locator('#root_name').fill(`  ${name}  `);
  await page.getByRole('button', { name: 'Create App' }).click();
  await urlMatches(page, /\/developer\/apps\/[^/]+\/dashboard$/);
  return new URL(page.url()).pathname.split('/')[3];
}

export const scenarios: Scenario[] = [
  {
    name: 'sends a signed-out visitor of the developer portal to /developer/login',
    run: async ({ page }) => {
      await page.goto('/developer/apps');
      await urlMatches(page, /\/developer\/login\?redirectUrl=%2Fdeveloper%2Fapps$/);
    },
  },
  {
    name: 'finds apps by name whatever the case, and clears a search that finds nothing',
    run: async ({ page, context, screenshot: save }) => {
      const screenshot = (name: string, target = page) => shoot(save)(name, target);
      await signUpThroughApi({ request: context.request, developer: true });
      await page.goto('/developer');
      await urlMatches(page, /\/developer\/apps$/);
      await visible(page.getByRole('heading', { name: 'My Apps' }));
      await screenshot('developer-my-apps-empty');
      await createApp(page, 'Review Stars');
      await page.goto('/developer/apps');
      await createApp(page, 'Countdown Timer');
      await page.goto('/developer/apps');
      await visible(appCard(page, 'Review Stars'));
      await page.getByLabel('Search apps').fill('rEVIEW');
      await until(async () => (await appCards(page).count()) === 1, 'only the matching app');
      assert.equal(await appCards(page).getAttribute('aria-label'), 'Review Stars');
      await page.getByLabel('Search apps').fill('nothing like this');
      await visible(page.getByRole('button', { name: 'Clear search' }));
      await screenshot('developer-my-apps-no-results');
      await page.getByRole('button', { name: 'Clear search' }).click();
      await until(async () => (await appCards(page).count()) === 2, 'both apps again');
      await screenshot('developer-my-apps');
      // An app id the developer does not have: the app was not found, whatever the page (issue 37).
      await page.goto('/developer/apps/whatever/no-such-page');
      await visible(page.getByRole('heading', { name: 'App not found' }));
      await visible(page.getByRole('link', { name: 'Back to My Apps' }));
      await page.goto('/developer/account/no-such-page');
      await visible(page.getByRole('heading', { name: 'Page not found' }));
      await page.goto('/developer/join');
      await urlMatches(page, /\/developer\/(join|apps)$/);
      assert.equal(await page.getByRole('heading', { name: /not found/ }).count(), 0);
    },
  },
  {
    name: 'pauses a webhook with its switch and deletes it after confirmation',
    run: async ({ page, context }) => {
      await signUpThroughApi({ request: context.request, developer: true });
      await page.goto('/developer/apps');
      const appId = await createApp(page, 'Pause Me');
      const url = 'https://127.0.0.1:9/hooks';
      await context.request.post(`/integrations/developer/apps/${appId}/webhooks`, { data: { url } });
      await page.goto(`/developer/apps/${appId}/webhooks`);
      // A row of the webhooks table (AG Grid draws a row's cells and its buttons apart).
      const row = page.getByRole('row').filter({ hasText: url });
      await visible(row.getByText('active', { exact: true }));
      await row.locator('label.dp-switch').click();
      await toast(page, 'Webhook updated successfully');
      await visible(row.getByText('inactive', { exact: true }));
      await page.getByRole('button', { name: `Delete ${url}` }).click();
      await visible(page.getByRole('dialog').getByText('Delete webhook'));
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await visible(row);
      await page.getByRole('button', { name: `Delete ${url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText("You don't have any webhooks yet."));
    },
  },
  {
    name: 'builds an app, receives a test webhook and sees a store owner install it',
    run: async ({ browser, page, context, baseUrl, screenshot: save }) => {
      const screenshot = (name: string, target = page) => shoot(save)(name, target);
      const hooks = await webhookReceiver();
      const landing = await redirectReceiver();
      try {
        await signUpThroughApi({ request: context.request, developer: true, fullName: 'Grace Hopper' });
        await page.goto('/developer/apps');
        const appId = await createApp(page, 'Sunrise Reviews');
        await visible(page.getByRole('heading', { name: /Sunrise Reviews/ }));
        await visible(page.getByText('Good', { exact: false }));
        await screenshot('developer-dashboard-new');

        // Authentication: redirect URLs.
        await menu(page, 'Authentication').click();
        await visible(page.getByLabel('Connect URL'));
        assert.equal(await page.getByLabel('Connect URL').inputValue(), `${baseUrl}/install/${appId}`);
        await page.locator('#root_authCallback').fill(`  ${landing.url}  `);
        await page.locator('#root_authErrorCallback').fill(`${landing.url}?failed=1`);
        await page.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'Great success! 🎉');
        await screenshot('developer-authentication');

        // Integrations: connect Shopify with its keys.
        await menu(page, 'Integrations').click();
        await visible(page.locator('[data-record="shopify"]'));
        const order = await page.locator('[data-record]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-record')));
        assert.equal(order[0], 'shopify');
        await screenshot('developer-integrations');
        await page.locator('[data-record="shopify"]').getByRole('link', { name: 'Connect' }).click();
        await visible(page.getByRole('heading', { name: /Shopify/ }));
        await visible(page.getByRole('heading', { name: 'Endpoint URLs' }));
        const endpoints = await page.getByRole('region', { name: 'Endpoints' }).locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
        assert.ok(endpoints.length > 0 && endpoints.every((url) => url.includes(appId) && !url.includes('{{')), `endpoint URLs carry the app id: ${endpoints.join(', ')}`);
        await page.locator('#root_apiKey').fill('shp_key_123');
        await page.locator('#root_apiSecret').fill('shp_secret_456');
        await page.getByRole('button', { name: 'Connect' }).click();
        await toast(page, 'Integration created');
        await visible(page.getByText('Connected', { exact: true }));
        await screenshot('developer-integration-connect');
        await page.getByRole('link', { name: '← Integrations' }).click();
        await visible(page.locator('[data-record="shopify"]').getByText('Connected'));
        await visible(page.locator('[data-record="shopify"]').getByRole('link', { name: 'Edit' }));
        await page.getByRole('navigation', { name: 'Integration types' }).getByRole('link', { name: 'Payments' }).click();
        await visible(page.locator('[data-record="paypal"]'));
        await page.locator('[data-record="paypal"]').getByRole('link', { name: 'Connect' }).click();
        await visible(page.getByRole('radio', { name: /credentials/ }).first());
        await screenshot('developer-integration-system');

        // Webhooks: https only, then a real one.
        await menu(page, 'Webhooks').click();
        await visible(page.getByText("You don't have any webhooks yet."));
        await screenshot('developer-webhooks-empty');
        await page.getByRole('button', { name: '+ Add webhook' }).click();
        await page.locator('#root_url').fill('http://example.com/hooks');
        await visible(page.getByText('Invalid URL, must start with https://'));
        await screenshot('developer-webhook-add-invalid');
        await page.locator('#root_url').fill(hooks.url);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await visible(page.getByRole('row').filter({ hasText: hooks.url }).first());
        await screenshot('developer-webhooks');
        await page.getByRole('button', { name: `Edit ${hooks.url}` }).click();
        await visible(page.getByRole('heading', { name: hooks.url }));
        await visible(page.getByText('No messages'));
        await page.getByRole('button', { name: 'Send test event' }).click();
        await until(async () => hooks.received.some((b) => b.includes('webhook.test')), 'the test event at the receiver', 15_000);
        await page.getByRole('tab', { name: 'Succeeded' }).click();
        await until(async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return page.locator('[data-message="webhook.test"]').isVisible();
        }, 'the test event under Succeeded', 15_000);
        await page.locator('[data-message="webhook.test"]').first().click();
        await visible(page.getByTestId('request-body'));
        assert.equal(await page.getByTestId('status-code').textContent(), '200');
        assert.match((await page.getByTestId('status-code').getAttribute('class')) ?? '', /\bok\b/);
        await screenshot('developer-webhook-messages');
        await page.getByRole('button', { name: 'Resend' }).click();
        await toast(page, 'Resent message successfully!');
        await page.getByRole('tab', { name: 'Failed' }).click();
        await visible(page.getByText('No messages'));

        // Ten at a time, Load more adds ten.
        const webhookId = new URL(page.url()).pathname.split('/').pop() ?? '';
        for (let i = 0; i < 10; i += 1) await context.request.post(`/integrations/developer/apps/${appId}/webhooks/${webhookId}/test`);
        await until(async () => hooks.received.filter((b) => b.includes('webhook.test')).length >= 12, 'twelve deliveries at the receiver', 20_000);
        await page.getByRole('tab', { name: 'All' }).click();
        await until(async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return (await page.locator('[data-message]').count()) === 10;
        }, 'the first ten messages', 15_000);
        await page.getByRole('button', { name: 'Load more' }).click();
        await until(async () => (await page.locator('[data-message]').count()) === 12, 'all twelve messages after Load more');
        assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);

        // Permissions and App Info.
        await menu(page, 'Permissions').click();
        await visible(page.locator('#root_products_read'));
        await page.locator('label[for="root_products_read"]').click();
        await page.locator('label[for="root_orders_write"]').click();
        await page.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'Great success! 🎉');
        await screenshot('developer-permissions');
        await menu(page, 'App Info').click();
        await page.locator('#root_status').selectOption({ label: 'Published' });
        await page.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'Great success! 🎉');
        await screenshot('developer-app-info');

        // Developer Info.
        await page.getByRole('navigation', { name: 'Developer menu' }).getByRole('link', { name: 'Developer Info' }).click();
        await page.locator('#root_caption').fill('Small tools for big stores');
        await page.locator('#root_github').fill('not a url');
        await page.getByRole('button', { name: 'Save' }).click();
        await visible(page.getByText('GitHub must be a valid URL'));
        await page.locator('#root_github').fill('https://github.com/grace');
        await page.getByLabel('Logo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
        await visible(page.getByText('Only png, jpg, and gif formats are allowed.'));
        await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
        await visible(page.locator('.image-upload__preview img'));
        await page.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'Great success! 🎉');
        await screenshot('developer-info');

        // A store owner installs the app through its Connect URL.
        const owner = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 820 } });
        try {
          await signUpThroughApi({ request: owner.request, fullName: 'Store Owner' });
          const shop = await owner.newPage();
          await shop.goto(`/install/${appId}?state=xyz`);
          await visible(shop.getByRole('heading', { name: 'Install Sunrise Reviews' }));
          await visible(shop.getByText('Read your products'));
          await visible(shop.getByText('Change your orders'));
          await screenshot('developer-install-consent', shop);
          await shop.getByRole('button', { name: 'Install app' }).click();
          await urlMatches(shop, /\/callback\?code=[^&]+&state=xyz$/);
        } finally {
          await owner.close();
        }

        // The dashboard shows the installation and the completed checklist step.
        await page.getByLabel('App', { exact: true }).selectOption({ label: 'Sunrise Reviews' });
        await until(async () => (await page.getByTestId('installations-figure').textContent()) === '1', 'one installation on the chart');
        assert.equal(await page.locator('[data-step="authentication"]').getAttribute('data-done'), 'true');
        assert.equal(await page.locator('[data-step="integrations"]').getAttribute('data-done'), 'true');
        assert.equal(await page.locator('[data-step="webhooks"]').getAttribute('data-done'), 'false');
        await visible(page.getByTestId('app-status').getByText('published'));
        await page.getByRole('button', { name: '1 Year' }).click();
        await until(async () => (await page.getByTestId('installations-figure').textContent()) === '1', 'the installation in the yearly chart');
        await screenshot('developer-dashboard');
        await until(async () => hooks.received.some((b) => b.includes('app.installed')), 'app.installed at the receiver', 15_000);

        // Deleting the app goes back to My Apps.
        await menu(page, 'App Info').click();
        await page.getByRole('button', { name: 'Delete app' }).click();
        await screenshot('developer-app-delete-confirm');
        await page.getByRole('dialog').getByRole('button', { name: 'Delete app' }).click();
        await urlMatches(page, /\/developer\/apps$/);
        await until(async () => (await appCard(page, 'Sunrise Reviews').count()) === 0, 'the app gone from My Apps');
      } finally {
        await hooks.close();
        await landing.close();
      }
    },
  },
];
