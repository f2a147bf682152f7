// Billing end to end (spec 002): a visitor opens the widgets bundle's pricing, is sent to sign
// up, comes back, buys a yearly plan with a sandbox test card, lands on Great Success, sees the
// subscription and downloads its invoice on the billing page, finds the workspace's limits
// raised, upgrades, cancels and renews with a new card. A second buyer builds a mini-bundle and
// pays with the card that needs 3-D Secure, then owns its apps; buying one app's plan shows the
// older layout after. The pricing page's other views and states are looked at.
import type { FrameLocator, Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { signUpThroughApi } from './helpers';
import { until, urlMatches, visible } from './expect';

const CARDS = { good: '4242 4242 4242 4242', threeDSecure: '4000 0000 0000 3220' };

async function payWithCard({ page, card }: { page: Page; card: string }): Promise<void> {
  const fields: FrameLocator = page.frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill(card);
  await fields.getByLabel('Expiration date').fill('12/34');
  await fields.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder name').fill('Ada Buyer');
  await page.getByLabel('Country').selectOption({ label: 'United States' });
  await page.getByLabel('State').fill('California');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('Zip').fill('94105');
  await page.getByLabel('Address').fill('1 Market Street');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** The table's fetch has ended (its Refresh button is enabled again). */
const tableSettled = (page: Page): Promise<void> => until(async () => page.getByRole('button', { name: 'Refresh' }).isEnabled(), 'the table to load');

const planCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function planFeatures(page: Page): Promise<Record<string, unknown>> {
  const answer = await page.context().request.get('/api/v1/user/planFeatures');
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

export const scenarios: Scenario[] = [
  {
    name: 'a visitor signs up from pricing, buys a yearly widgets bundle, downloads the invoice, upgrades, cancels and renews',
    run: async ({ page, context, screenshot }) => {
      await page.goto('/pricing/widgetsbundle');
      await visible(page.getByRole('heading', { name: 'Find Your Perfect Plan' }));
      await visible(page.getByRole('radio', { name: 'Yearly', checked: true }));
      await visible(page.getByText('Save up to 43%'));
      await screenshot('billing-pricing-widgetsbundle-visitor');
      await page.getByRole('button', { name: 'Sign Up' }).first().click();
      await urlMatches(page, /\/signup\?serviceName=widgetsbundle&redirectUrl=%2Fpricing%2Fwidgetsbundle/);
      await visible(page.getByRole('button', { name: 'Create account' }));
      await screenshot('billing-signup-from-pricing');

      await signUpThroughApi({ request: context.request, fullName: 'Ada Buyer' });
      const before = await planFeatures(page);
      await page.goto('/pricing/widgetsbundle');
      await page.getByRole('button', { name: '10', exact: true }).click();
      await visible(page.getByRole('button', { name: 'Current Plan' }));
      await screenshot('billing-pricing-widgetsbundle-signed-in');
      const pro = planCard(page, 'Pro');
      await pro.getByRole('button', { name: 'Upgrade Now' }).click();
      await visible(page.getByRole('button', { name: '(See Other Plans)' }));
      await visible(page.frameLocator('iframe[title="Card details"]').getByLabel('Card number'), 30_000);
      await screenshot('billing-checkout');

      await payWithCard({ page, card: CARDS.good });
      await visible(page.getByRole('heading', { name: 'Great Success' }), 20_000);
      await screenshot('billing-great-success');

      const after = await planFeatures(page);
      if (!(Number(after.websites) > Number(before.websites))) throw new Error(`websites limit not raised: ${String(before.websites)} -> ${String(after.websites)}`);

      await page.goto('/user/dashboard/billing');
      await visible(page.locator('.ag-row', { hasText: 'Pro' }));
      await visible(page.locator('.ag-row', { hasText: 'Yearly' }));
      await tableSettled(page);
      await screenshot('billing-subscriptions');
      await page.getByRole('tab', { name: 'Payments History' }).click();
      const download = page.getByRole('link', { name: /^Download invoice/ }).first();
      await visible(download);
      await tableSettled(page);
      await screenshot('billing-payments');
      const invoice = await context.request.get((await download.getAttribute('href')) ?? '');
      if (!invoice.ok() || !(invoice.headers()['content-type'] ?? '').includes('application/pdf')) throw new Error(`invoice answered ${invoice.status()} ${invoice.headers()['content-type']}`);
      if (!(await invoice.body()).subarray(0, 5).toString().startsWith('%PDF')) throw new Error('the invoice is not a PDF');

      await page.getByRole('tab', { name: 'Subscriptions' }).click();
      await page.getByRole('button', { name: /^Change/ }).first().click();
      await urlMatches(page, /\/user\/dashboard\/pricing\/widgets_bundle$/);
      await page.getByRole('button', { name: '10', exact: true }).click();
      const bigger = page.getByRole('button', { name: 'Switch Plan' }).last();
      await bigger.click();
      await visible(page.getByRole('dialog', { name: 'Switch plan' }));
      await screenshot('billing-switch-plan-popup');
      await page.getByRole('button', { name: 'Update Plan' }).click();
      await visible(page.getByText('Your subscription has been updated successfully'), 20_000);
      await screenshot('billing-pricing-after-upgrade');

      await page.goto('/user/dashboard/billing');
      await page.getByRole('button', { name: /^Cancel/ }).first().click();
      await visible(page.getByText('Are you sure you want to cancel this subscription?'));
      await screenshot('billing-cancel-popup');
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await visible(page.getByText('Your subscription has been cancelled successfully'));
      await visible(page.getByRole('button', { name: /^Renew/ }));
      await tableSettled(page);
      await screenshot('billing-cancelled');
      const cancelled = await planFeatures(page);
      if (Number(cancelled.websites) !== Number(before.websites)) throw new Error(`websites limit not back to the free plan's: ${String(cancelled.websites)}`);

      await page.getByRole('button', { name: /^Renew/ }).click();
      const renewal = page.getByRole('dialog', { name: 'Renew subscription' });
      const fields = renewal.frameLocator('iframe[title="Card details"]');
      await visible(fields.getByLabel('Card number'), 30_000);
      await fields.getByLabel('Card number').fill(CARDS.good);
      await fields.getByLabel('Expiration date').fill('12/34');
      await fields.getByLabel('CVV').fill('123');
      await screenshot('billing-renew-popup');
      await renewal.getByRole('button', { name: /^Renew for/ }).click();
      await visible(page.locator('.ag-row', { hasText: 'active' }), 20_000);
      await tableSettled(page);
      await screenshot('billing-renewed');
    },
  },
  {
    name: 'a buyer builds a mini-bundle, pays with a 3-D Secure card, owns its apps, and buys one more app',
    run: async ({ page, context, screenshot }) => {
      await signUpThroughApi({ request: context.request, fullName: 'Bundle Buyer' });
      await page.goto('/user/dashboard/billing');
      await visible(page.getByText('No active subscriptions.'));
      await page.getByRole('tab', { name: 'Payments History' }).click();
      await visible(page.getByText('Cannot find payments history.'));
      await screenshot('billing-payments-empty');
      await page.getByRole('link', { name: 'Upgrade' }).click();
      await urlMatches(page, /\/user\/dashboard\/pricing\/widgetsbundle$/);
      await visible(page.getByRole('button', { name: 'Upgrade Now' }));
      await screenshot('billing-pricing-in-dashboard');
      await page.goto('/pricing/minibundles');
      await visible(page.getByRole('heading', { name: 'Create Your Own Bundle' }));
      await visible(page.getByText('Save 50%'));
      await screenshot('billing-pricing-minibundles');
      await page.getByRole('button', { name: 'Upgrade Now' }).first().click();
      const picker = page.getByRole('dialog', { name: 'Create your bundle' });
      await visible(picker);
      const boxes = picker.locator('.mini-picker input[type="checkbox"]');
      const limit = Number(((await picker.locator('.mini-picker__counter').textContent()) ?? '').split('/')[1]?.trim().split(' ')[0]);
      for (let index = 0; index <= limit; index += 1) await boxes.nth(index).click();
      await visible(picker.getByText(`The bundle you chose supports ${limit} apps`));
      await screenshot('billing-mini-bundle-picker');
      const firstApp = ((await picker.locator('.mini-picker__app').first().textContent()) ?? '').trim();
      await picker.getByRole('button', { name: 'Select' }).click();

      await visible(page.frameLocator('iframe[title="Card details"]').getByLabel('Card number'), 30_000);
      await payWithCard({ page, card: CARDS.threeDSecure });
      const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
      await visible(challenge.getByRole('button', { name: 'Complete' }), 20_000);
      await screenshot('billing-3ds-popup');
      await challenge.getByRole('button', { name: 'Complete' }).click();
      await visible(page.getByRole('heading', { name: 'Great Success' }), 20_000);

      const bundle = await (await context.request.get('/nindo/api/getMiniBundle')).json() as { data: { selectedApps: string[] } };
      const app = bundle.data.selectedApps[0];
      await page.goto(`/pricing/${app}`);
      await visible(page.getByText('You already own this app'));
      await screenshot('billing-pricing-owned-in-bundle');
      await page.getByRole('button', { name: 'Edit Bundle' }).click();
      await visible(page.getByRole('dialog', { name: 'Create your bundle' }).getByRole('checkbox', { name: firstApp }));
      await screenshot('billing-edit-bundle');

      // One app's own plans: bought monthly, then shown in the older layout to its subscriber.
      await page.goto('/pricing/poll');
      await visible(page.getByRole('heading', { name: 'Poll' }));
      await page.getByRole('radio', { name: 'Monthly' }).click();
      await planCard(page, 'Pro').getByRole('button', { name: 'Select Plan' }).click();
      await visible(page.frameLocator('iframe[title="Card details"]').getByLabel('Card number'), 30_000);
      await payWithCard({ page, card: CARDS.good });
      await visible(page.getByRole('heading', { name: 'Great Success' }), 20_000);
      await page.goto('/pricing/poll');
      await visible(page.getByText(/Your plan: Pro/));
      await visible(page.getByRole('button', { name: 'Current Plan' }));
      await screenshot('billing-pricing-older-layout');
    },
  },
  {
    name: 'the pricing views, the embedded page and the load failure',
    run: async ({ page, screenshot }) => {
      await page.goto('/pricing/bundles');
      await visible(page.getByRole('heading', { name: 'All-in-One Bundle' }));
      await visible(page.getByRole('complementary', { name: 'Agency' }));
      await visible(page.getByText('200+ widget types'));
      await screenshot('billing-pricing-bundles');
      await page.getByRole('button', { name: /Compare all features/ }).click();
      await visible(page.getByRole('region', { name: 'Compare plans' }));
      await page.getByRole('radio', { name: 'Monthly' }).click();
      await visible(page.getByText('Billed monthly'));
      await screenshot('billing-pricing-bundles-monthly');
      await page.goto('/pricing');
      await until(async () => (await page.locator('.pricing__header h1').count()) > 0, 'the default pricing page');
      await screenshot('billing-pricing-default');
      await page.goto('/embed/v/wix/pricing/widgetsbundle?mode=dark');
      await visible(page.locator('.pricing.pricing--embed.pricing--dark'));
      await screenshot('billing-pricing-embed-vendor');
      await page.goto('/embed/checkout-success/minibundles?price=18');
      await visible(page.getByRole('heading', { name: 'Your subscription has been successfully created' }));
      await screenshot('billing-checkout-success-embed');
      await page.goto('/pricing/no-such-app');
      await visible(page.getByText('Cannot load plans. Please contact support.'));
      await screenshot('billing-pricing-load-failed');
    },
  },
];
