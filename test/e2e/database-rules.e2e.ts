// A collection's Rules and Try as, and the Documents tab following it live (issue 28), as the demo
// developer on the demo app's review requests (server/demo/database-review-requests.ts: owner
// rules, three stores owning a few each): a broken filter named under the filter as it is typed,
// a rule changed and still there after a reload, Try as an app user answering only that user's
// documents, and a row written through the public API appearing without a reload, on a desktop
// and a phone. Screens: test-results/screens/database-rules-*.png.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request } from 'playwright-core';
import type { Page } from 'playwright-core';
import { signInAsDemoDeveloper } from './helpers';
import type { Scenario } from './scenario';
import { until, visible } from './expect';

const APP = 'demo-review-booster';
const COLLECTION = 'review-requests';
const settingsPath = `/developer/apps/${APP}/database/${COLLECTION}/settings`;

const rulesOf = (page: Page) => page.getByRole('region', { name: 'Rules' });
const selectedLabel = (page: Page, label: string) => rulesOf(page).getByRole('combobox', { name: label, exact: true }).locator('option:checked').innerText();

/** The app's Basic credentials, read as its developer (the App Secret is shown to the owner). */
async function appAuthorization(page: Page): Promise<string> {
  const answer = await page.request.get(`/integrations/developer/apps/${APP}`);
  const { data } = (await answer.json()) as { data: { secretKey: string } };
  return `Basic ${Buffer.from(`${APP}:${data.secretKey}`).toString('base64')}`;
}

export const scenarios: Scenario[] = [
  {
    name: 'rules: a broken filter is named as typed, a changed rule is saved, try as a store lists only its own documents',
    run: async ({ page, screenshot }) => {
      await signInAsDemoDeveloper(page);
      await page.goto(settingsPath);
      const rules = rulesOf(page);
      await visible(rules.getByRole('combobox', { name: 'List', exact: true }));
      assert.equal(await selectedLabel(page, 'List'), "The document's owner");
      const tryAs = page.getByRole('region', { name: 'Try as' });
      await visible(tryAs.getByText('An anonymous caller gets none: the list rule needs an app user.'));
      await screenshot('database-rules');

      // The app sees every store's requests, each with its owner.
      const caller = tryAs.getByLabel('Caller');
      await caller.selectOption('app');
      await visible(tryAs.getByText(/^\d+ documents$/));
      const all = await tryAs.getByRole('listitem').allInnerTexts();
      const owner = /owned by (.+)$/.exec(all[0] ?? '')?.[1];
      assert.ok(owner, `the app's documents name their owners: ${all.join(' | ')}`);
      const owned = all.filter((item) => item.endsWith(`owned by ${owner}`));
      assert.ok(owned.length > 0 && owned.length < all.length, `${owner} owns some, not all: ${all.join(' | ')}`);

      // As that store: only its own.
      const value = await caller.locator('option', { hasText: `${owner} (` }).getAttribute('value');
      assert.ok(value?.startsWith('user:'), `${owner} is offered as a caller`);
      await caller.selectOption(value);
      await visible(tryAs.getByText(owned.length === 1 ? '1 document' : `${owned.length} documents`, { exact: true }));
      assert.deepEqual((await tryAs.getByRole('listitem').allInnerTexts()).sort(), [...owned].sort());
      await screenshot('database-rules-try-as-store');

      // A filter naming an unknown variable: the server's parser names it under the filter, unsaved.
      await rules.getByRole('combobox', { name: 'List', exact: true }).selectOption({ label: 'Documents matching a filter' });
      const filter = rules.getByLabel('List filter');
      await filter.fill('{"_owner":"@user"}');
      await visible(rules.getByText('unknown variable @user (only @caller)'));
      await visible(tryAs.getByText(/Cannot try these rules\. The list rule is not valid/));
      await filter.fill('{"$or":[{"status":"answered"},{"_owner":"@caller"}]}');
      await until(async () => (await rules.getByText('unknown variable').count()) === 0, 'the filter problem to go once fixed');
      await screenshot('database-rules-filter');

      // Changed and saved: Delete locked, the list back to the owner (its filter text is not sent).
      await page.reload();
      await rules.getByRole('combobox', { name: 'Delete', exact: true }).selectOption({ label: 'Locked: the app only' });
      await rules.getByRole('button', { name: 'Save rules' }).click();
      await visible(page.locator('[data-sonner-toast]').getByText('Access rules updated successfully'));
      await page.reload();
      await until(async () => (await selectedLabel(page, 'Delete')) === 'Locked: the app only', 'the Delete rule to stay locked after a reload');
      assert.equal(await selectedLabel(page, 'List'), "The document's owner");
      await visible(rules.getByRole('group', { name: 'Allowed origins' }));

      // On a phone the rules stack and nothing runs off the side.
      await page.setViewportSize({ width: 390, height: 844 });
      await visible(rules.getByRole('combobox', { name: 'Create', exact: true }));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the settings run ${overflow} px off a phone's screen`);
      await screenshot('database-rules-phone');
    },
  },
  {
    name: 'documents: a row written through the public API appears in the open Documents tab without a reload',
    run: async ({ page, baseUrl, screenshot }) => {
      await signInAsDemoDeveloper(page);
      await page.goto(`/developer/apps/${APP}/database/${COLLECTION}`);
      await visible(page.getByText('Live: new and changed documents appear here'));
      await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
      const customer = `Live customer ${randomUUID().slice(0, 6)}`;
      // The app's own server: another client, no cookies.
      const server = await request.newContext({ baseURL: baseUrl });
      try {
        const created = await server.post(`/api/v1/data/${APP}/collections/${COLLECTION}/documents`, {
          headers: { authorization: await appAuthorization(page) },
          data: { customer, status: 'scheduled' },
        });
        assert.equal(created.status(), 201, await created.text());
      } finally {
        await server.dispose();
      }
      await visible(page.locator('.ag-row', { hasText: customer }));
      assert.equal(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage), true, 'the page was not reloaded');
      await screenshot('database-rules-live-row');
    },
  },
];
