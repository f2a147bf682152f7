// App users end to end, as the demo developer on the demo app: the list (sort cycle, search by
// email), a user's detail, a note added, a partial refund requested and seen through to the
// charge and the stats, the details edited, a plan change queued. Screens: test-results/screens/users-*.png.
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { signInAsDemoDeveloper } from './helpers';
import type { Scenario, ScenarioContext } from './scenario';
import { until, urlMatches, visible } from './expect';

const DEMO = { appId: 'demo-review-booster', owner: 'owner@demo.nindo' };
const toast = (page: Page, text: string | RegExp) => visible(page.getByText(text));
const shoot = async ({ page, screenshot, name }: { page: Page; screenshot: ScenarioContext['screenshot']; name: string }) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(700);
  await screenshot(name, page);
};
const isUsersList = (request: Request) => new URL(request.url()).pathname === `/integrations/developer/apps/${DEMO.appId}/users`;
const sortOf = (request: Request) => new URL(request.url()).searchParams.get('sort');

export const scenarios: Scenario[] = [
  {
    name: 'lists app users, searches by email, adds a note, refunds a charge partially, edits the user and changes the plan',
    run: async ({ page, screenshot }) => {
      await signInAsDemoDeveloper(page);

      const first = page.waitForRequest(isUsersList);
      await page.goto(`/developer/apps/${DEMO.appId}/dashboard`);
      await page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'Users', exact: true }).click();
      assert.equal(sortOf(await first), '{"created":-1}');
      assert.equal(new URL((await first).url()).searchParams.get('limit'), '20');
      await visible(page.getByText(/^[\d,]+ Users? found$/));
      await visible(page.locator('.ag-row').nth(19));
      await shoot({ page, screenshot, name: 'users-list' });

      // Sort: none -> ascending -> descending -> ascending (spec 001 section 4).
      const sorts: Array<string | null> = [];
      for (let click = 0; click < 3; click += 1) {
        const next = page.waitForRequest(isUsersList);
        await page.locator('.ag-header-cell[col-id="accountName"] .ag-header-cell-label').click();
        sorts.push(sortOf(await next));
      }
      assert.deepEqual(sorts, ['{"accountName":1}', '{"accountName":-1}', '{"accountName":1}']);

      const searched = page.waitForRequest((request) => isUsersList(request) && new URL(request.url()).searchParams.has('query'));
      await page.getByRole('searchbox', { name: 'Search by Email' }).fill('OWNER@demo');
      assert.equal(new URL((await searched).url()).searchParams.get('query'), '{"accountEmail":{"$regex":"OWNER@demo","$options":"i"}}');
      await visible(page.getByText('1 User found', { exact: true }));
      await page.getByText(DEMO.owner, { exact: true }).click();
      await urlMatches(page, /\/users\/user\/[^/]+$/);
      await visible(page.getByRole('heading', { name: 'Demo Owner' }));
      const stats = page.getByRole('region', { name: 'Stats' });
      await visible(stats.locator('[data-field="totalCharges"]').getByText(/^\$\d/));
      const totalBefore = await stats.locator('[data-field="totalCharges"]').innerText();
      await visible(page.getByRole('region', { name: 'Charges' }).locator('.ag-row'));
      // The subscription names its plan, not the plan's id.
      await visible(page.getByRole('region', { name: 'Subscriptions' }).locator('.ag-cell[col-id="planId"]').getByText('Pro', { exact: true }));
      assert.equal(await page.getByRole('region', { name: 'Subscriptions' }).getByText('demo-pro', { exact: true }).count(), 0);
      await shoot({ page, screenshot, name: 'users-detail' });

      await page.getByRole('button', { name: 'Add note' }).click();
      const notePopup = page.getByRole('dialog', { name: 'Add note' });
      await notePopup.getByRole('button', { name: 'Save' }).click();
      await visible(notePopup.getByText('Missing note title'));
      // The OpenAPI description of NoteInput is no help text.
      assert.equal(await notePopup.getByText(/title is needed/).count(), 0);
      await notePopup.locator('#root_title').fill('Asked for a partial refund');
      await notePopup.locator('#root_description').fill('Paid twice in March.');
      await notePopup.getByRole('button', { name: 'Save' }).click();
      await until(async () => (await notePopup.count()) === 0, 'the note popup to close');
      await visible(page.getByRole('gridcell', { name: 'Asked for a partial refund' }));

      const charges = page.getByRole('region', { name: 'Charges' });
      await charges.getByRole('button', { name: 'Refund' }).first().click();
      const refund = page.getByRole('dialog', { name: 'Refund charge' });
      await visible(refund.getByText('Refunds take a couple of days to reach the customer.'));
      await refund.getByLabel('Partial refund').check();
      await refund.locator('#root_refundAmount').fill('5');
      await shoot({ page, screenshot, name: 'users-refund-popup' });
      await refund.getByRole('button', { name: 'Refund', exact: true }).click();
      await toast(page, /The refund was requested/);
      await until(async () => (await refund.count()) === 0, 'the refund popup to close');
      // Pending while the job runs, then partially refunded with the stats lowered.
      await visible(charges.getByText(/^(refund|partially refunded)$/));
      await shoot({ page, screenshot, name: 'users-detail-refund' });
      await until(async () => {
        await charges.getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(700);
        return (await charges.getByText('partially refunded', { exact: true }).count()) > 0;
      }, 'the charge to show partially refunded', 30_000);
      await page.reload();
      await until(async () => (await stats.locator('[data-field="totalCharges"]').innerText()) !== totalBefore, 'the total charges to drop', 15_000);

      // Edit the details: the name is required.
      await page.getByRole('button', { name: 'Edit user' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit user' });
      await edit.locator('#root_accountName').fill('');
      await edit.getByRole('button', { name: 'Save' }).click();
      await visible(edit.getByText('Missing user name'));
      assert.equal(await edit.getByText(/accountName is needed/).count(), 0);
      await edit.locator('#root_accountName').fill('Demo Owner Renamed');
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'User details updated successfully');
      await visible(page.getByRole('heading', { name: 'Demo Owner Renamed' }));

      // Change plan: queued, the subscription shows the change pending (or done).
      const subscriptions = page.getByRole('region', { name: 'Subscriptions' });
      await subscriptions.getByRole('button', { name: 'Change plan' }).click();
      const change = page.getByRole('dialog', { name: 'Change plan' });
      await visible(change.getByText('It might take a few minutes.'));
      // Opens on the plan and the variant the subscription pays (the demo's names none: the first recurring one).
      assert.equal(await change.locator('#root_planPricingVariantId option:checked').innerText(), 'Monthly: $19.99 / month');
      await change.locator('#root_planId').selectOption({ label: 'Business' });
      await visible(change.locator('#root_planPricingVariantId'));
      await shoot({ page, screenshot, name: 'users-change-plan-popup' });
      await change.getByRole('button', { name: 'Change plan', exact: true }).click();
      await toast(page, /might take a few minutes/);
      await visible(subscriptions.getByText(/^(change|Business)$/));
      await shoot({ page, screenshot, name: 'users-detail-after-actions' });
    },
  },
];
