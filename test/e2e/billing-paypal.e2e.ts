// Billing end to end with PayPal (the runner's PayPal fake stands in for PayPal): a site owner
// meets the free plan's project limit, the upgrade popup frames the widgets bundle's pricing, and
// inside it they buy Pro with PayPal: PayPal's approval page opens in a popup, Agree sends it back
// and the purchase completes (Processing, then the checkout success page), the popup closes, the
// second project can be made, and the billing page lists the subscription and its payment.
import type { FrameLocator, Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { signUpThroughApi } from './helpers';
import { until, visible } from './expect';

async function createProject({ page, name }: { page: Page; name: string }): Promise<void> {
  await page.getByRole('button', { name: /Create a new project/ }).click();
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
}

async function fillBillingForm(frame: FrameLocator): Promise<void> {
  await frame.getByLabel('Cardholder name').fill('Pat Payer');
  await frame.getByLabel('Country').selectOption({ label: 'United States' });
  await frame.getByLabel('State').fill('New York');
  await frame.getByLabel('City').fill('New York');
  await frame.getByLabel('Zip').fill('10001');
  await frame.getByLabel('Address').fill('5 Fifth Avenue');
}

export const scenarios: Scenario[] = [
  {
    name: 'a site owner over the project limit buys the widgets bundle with PayPal inside the upgrade popup',
    run: async ({ page, context, screenshot }) => {
      await signUpThroughApi({ request: context.request, fullName: 'Pat Payer' });
      await page.goto('/user/dashboard');
      await createProject({ page, name: 'First site' });
      await page.getByRole('link', { name: 'Back to Projects' }).click();
      await visible(page.locator('.project-cards .resource-card', { hasText: 'First site' }));
      // At the plan's websites limit Create opens the upgrade popup before any form (spec 003).
      await page.getByRole('button', { name: /Create a new project/ }).click();
      const popup = page.getByRole('dialog', { name: 'Upgrade your plan' });
      await visible(popup);
      const pricing = page.frameLocator('iframe[title="Plans"]');
      await visible(pricing.getByRole('heading', { name: 'Find Your Perfect Plan' }), 20_000);
      // The frame takes the height the pricing page posts (above the popup's first 560 px).
      await until(async () => ((await popup.locator('iframe[title="Plans"]').boundingBox())?.height ?? 0) > 600, 'the frame to take the page height');
      await screenshot('billing-upgrade-popup');
      await visible(popup.getByRole('link', { name: 'See plans' }));

      await pricing.getByRole('article', { name: 'Pro', exact: true }).getByRole('button', { name: 'Upgrade Now' }).click();
      await visible(pricing.getByRole('radio', { name: 'PayPal' }), 30_000);
      await pricing.getByRole('radio', { name: 'PayPal' }).check();
      await fillBillingForm(pricing);
      await screenshot('billing-checkout-paypal');
      const approval = page.waitForEvent('popup');
      await pricing.getByRole('button', { name: /^Pay with PayPal \$/ }).click();
      const paypal = await approval;
      await visible(paypal.getByRole('heading', { name: 'Save your PayPal account' }));
      await visible(pricing.getByRole('button', { name: 'Processing' }));
      await screenshot('billing-paypal-approve', paypal);
      await paypal.getByRole('link', { name: 'Agree and Continue' }).click();
      // The checkout closes PayPal's window once it is back on our return page.
      await until(async () => paypal.isClosed(), 'the PayPal window to close');
      await visible(pricing.getByText('Your subscription has been successfully created'), 20_000);
      await screenshot('billing-paypal-success-in-popup');
      // The success page tells the popup after 3 s; the popup closes and the limits are read again.
      await until(async () => (await page.getByRole('dialog').count()) === 0, 'the upgrade popup to close', 10_000);
      await createProject({ page, name: 'Second site' });
      await visible(page.getByRole('link', { name: 'Back to Projects' }));

      await page.goto('/user/dashboard/billing');
      await visible(page.locator('.ag-row', { hasText: 'Pro' }));
      await visible(page.getByRole('button', { name: /^Cancel Pro/ }));
      await until(async () => page.getByRole('button', { name: 'Refresh' }).isEnabled(), 'the table to load');
      // Every header reads whole (the row buttons' title is for screen readers only, clipped on
      // purpose), and the actions column holds the two buttons a row shows.
      const cut = await page.locator('.ag-header-cell:not(.data-table__actions-head) .ag-header-cell-text').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
      if (cut.length) throw new Error(`headers cut off: ${cut.join(', ')}`);
      const actions = (await page.locator('.ag-header-cell[col-id="actions"]').boundingBox())?.width ?? 0;
      if (actions > 200) throw new Error(`the actions column is ${actions} px wide for two buttons`);
      await screenshot('billing-subscriptions-paypal');
      await page.getByRole('tab', { name: 'Payments History' }).click();
      await visible(page.getByRole('link', { name: /^Download invoice/ }).first());
      await screenshot('billing-payments-paypal');
    },
  },
];
