// Payments end to end, as the demo developer on a new app (Stripe answered by the runner's local
// stand-in): the coupons preconditions, features added with their derived names and reordered by
// keyboard drag, a plan with two prices and feature values saved and connected to Stripe, a
// coupon on it (edited read-only where it must be, then deleted), the checkout URLs. Every payments screen is saved as test-results/screens/payments-*.png.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signInAsDemoDeveloper } from './helpers';
import type { Scenario, ScenarioContext } from './scenario';
import { until, urlMatches, visible } from './expect';

const DEMO = { appId: 'demo-review-booster' };
const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Payments' }).getByRole('link', { name, exact: true });
const shoot = async ({ page, screenshot, name }: { page: Page; screenshot: ScenarioContext['screenshot']; name: string }) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(name, page);
};
const featureOrder = (page: Page) => page.locator('[data-row-name]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-name')));

async function addFeature(page: Page, { displayName, type, value }: { displayName: string; type?: string; value?: string }) {
  await page.getByRole('button', { name: '+ Add feature' }).click();
  const popup = page.getByRole('dialog', { name: 'Add feature' });
  await popup.locator('#root_displayName').fill(displayName);
  if (type) await popup.locator('#root_type').selectOption({ label: type });
  if (value) await popup.locator('#root_value').fill(value);
  await popup.getByRole('button', { name: 'Save' }).click();
  await until(async () => (await popup.count()) === 0, `the popup adding ${displayName} to close`);
}

export const scenarios: Scenario[] = [
  {
    name: 'adds and reorders features, saves a plan with two prices, connects it to Stripe and creates a coupon',
    run: async ({ page, context, screenshot }) => {
      await signInAsDemoDeveloper(page);
      await page.goto(`/developer/apps/${DEMO.appId}/payments`);
      await visible(page.locator('[data-row-name="Business"]'));
      await shoot({ page, screenshot, name: 'payments-plans-demo' });

      await page.goto('/developer/apps');
      await page.getByRole('button', { name: /Create a New App/ }).click();
      await page.locator('#root_name').fill('Payments E2E');
      await page.getByRole('button', { name: 'Create App' }).click();
      await urlMatches(page, /\/developer\/apps\/[^/]+\/dashboard$/);
      const appId = new URL(page.url()).pathname.split('/')[3];
      await page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'Payments', exact: true }).click();
      await urlMatches(page, /\/payments\/plans$/);
      await tab(page, 'Coupons').click();
      await visible(page.getByText('Coupons will be available once you add your first payment plan.'));
      await shoot({ page, screenshot, name: 'payments-coupons-no-plan' });

      // Features: the name follows the display name in camel case.
      await tab(page, 'Features').click();
      await visible(page.getByText('Sorry, no items found'));
      await page.getByRole('button', { name: '+ Add feature' }).click();
      const popup = page.getByRole('dialog', { name: 'Add feature' });
      await popup.locator('#root_displayName').fill('Remove branding!');
      assert.equal(await popup.locator('#root_name').inputValue(), 'removeBranding');
      await shoot({ page, screenshot, name: 'payments-feature-popup' });
      await popup.getByRole('button', { name: 'Save' }).click();
      await visible(page.locator('[data-row-name="Remove branding!"]'));
      await addFeature(page, { displayName: 'Max products', type: 'Number', value: '100' });
      await addFeature(page, { displayName: 'Support level', type: 'Text', value: 'email' });
      await visible(page.locator('[data-row-name="Support level"]'));
      assert.deepEqual(await featureOrder(page), ['Remove branding!', 'Max products', 'Support level']);

      // Reorder with the keyboard sensor: grab, up twice, drop.
      await page.getByRole('button', { name: 'Move Support level' }).focus();
      for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
        await page.keyboard.press(key);
        // The sensor measures the rows again after each move.
        await page.waitForTimeout(200);
      }
      await until(async () => (await featureOrder(page))[0] === 'Support level', 'Support level first');
      await page.reload();
      await visible(page.locator('[data-row-name="Support level"]'));
      assert.deepEqual(await featureOrder(page), ['Support level', 'Remove branding!', 'Max products']);
      await shoot({ page, screenshot, name: 'payments-features' });

      // A plan: created inactive, then two prices and feature values.
      await tab(page, 'Plans').click();
      await page.getByRole('button', { name: '+ Create plan' }).click();
      const create = page.getByRole('dialog', { name: 'Create plan' });
      await create.locator('#root_name').fill('Pro');
      await create.getByRole('button', { name: 'Create plan' }).click();
      await urlMatches(page, /\/payments\/plan\/[^/]+$/);
      await visible(page.getByText('Inactive', { exact: true }));
      await visible(page.getByText('You need to add a payment integration before you connect a provider.'));
      await page.getByRole('button', { name: '+ Add price' }).click();
      await page.getByRole('button', { name: '+ Add price' }).click();
      await page.locator('#root_pricingVariants_0_name').fill('Monthly');
      await page.locator('#root_pricingVariants_0_priceCount').fill('9.99');
      await page.locator('#root_pricingVariants_1_name').fill('Yearly');
      await page.locator('#root_pricingVariants_1_priceCount').fill('99');
      await page.locator('#root_pricingVariants_1_pricePeriod').selectOption({ label: 'Year' });
      await page.locator('#root_trialCount').fill('14');
      await page.locator('#root_features_removeBranding').check({ force: true });
      await page.locator('#root_features_maxProducts').fill('500');
      await visible(page.getByText('Unsaved changes', { exact: true }));
      await page.getByRole('button', { name: 'Save plan' }).click();
      await toast(page, 'Plan saved');
      await until(async () => (await page.getByText('Unsaved changes', { exact: true }).count()) === 0, 'the plan saved state');

      const editor = page.url();
      await page.goto(`/developer/apps/${appId}/payments/coupons`);
      await visible(page.getByText('Coupons will be available once you connect a payment integration.'));
      await shoot({ page, screenshot, name: 'payments-coupons-no-integration' });
      const integration = await context.request.put(`/integrations/developer/apps/${appId}/integrations/stripe`, {
        data: { isActive: true, platformAppKeys: { publishableKey: 'pk_test_e2e', secretKey: 'sk_test_e2e' } },
      });
      assert.ok(integration.ok(), await integration.text());
      await page.goto(editor);
      await visible(page.getByRole('button', { name: 'Connect Stripe' }));

      // Unsaved changes block connecting; saved, the plan connects to Stripe and its prices lock.
      await page.locator('#root_description').fill('For growing stores');
      await visible(page.getByText('You made changes to the plan. Please save the plan before connecting a provider.'));
      await page.getByRole('button', { name: 'Save plan' }).click();
      await until(async () => (await page.getByText('Unsaved changes', { exact: true }).count()) === 0, 'the plan saved again');
      await page.getByRole('button', { name: 'Connect Stripe' }).click();
      await toast(page, 'Provider connected successfully');
      await visible(page.getByRole('button', { name: 'Disconnect Stripe' }));
      await until(async () => (await page.locator('#root_name').getAttribute('readonly')) !== null, 'the plan name to be read-only');
      // Stripe's long price ids stay inside the providers card.
      const providers = await page.getByRole('region', { name: 'Payment providers' }).boundingBox();
      for (const id of await page.locator('.pay-plan-id').all()) {
        const box = await id.boundingBox();
        assert.ok(providers && box && box.x + box.width <= providers.x + providers.width, 'a plan id runs past the providers card');
      }
      await shoot({ page, screenshot, name: 'payments-plan-editor' });
      // Disconnecting asks first; kept here, the coupon below needs the connection.
      await page.getByRole('button', { name: 'Disconnect Stripe' }).click();
      const disconnect = page.getByRole('dialog', { name: 'Disconnect Stripe' });
      await visible(disconnect.getByText(/^Disconnect Pro from Stripe\?/));
      await shoot({ page, screenshot, name: 'payments-disconnect-confirm' });
      await disconnect.getByRole('button', { name: 'Cancel' }).click();
      await visible(page.getByRole('button', { name: 'Disconnect Stripe' }));

      await page.getByRole('link', { name: '← Plans' }).click();
      await visible(page.locator('[data-row-name="Pro"]'));
      await shoot({ page, screenshot, name: 'payments-plans' });

      // A coupon on the plan's Stripe prices, with the spec's defaults.
      await tab(page, 'Coupons').click();
      await page.getByRole('button', { name: '+ Create coupon' }).click();
      const coupon = page.getByRole('dialog', { name: 'Create coupon' });
      assert.match(await coupon.locator('#root_platformCouponCode').inputValue(), /^[A-Z0-9]{8}$/);
      assert.equal(await coupon.locator('#root_discountAmount').inputValue(), '20');
      assert.equal(await coupon.locator('#root_maxRedemptions').inputValue(), '5');
      await coupon.locator('#root_couponName').fill('Launch week');
      // The code stops at 20 characters; cleared, it is required (in the spec's words).
      const code = await coupon.locator('#root_platformCouponCode').inputValue();
      await coupon.locator('#root_platformCouponCode').fill('');
      await coupon.locator('#root_platformCouponCode').pressSequentially('A'.repeat(21));
      assert.equal(await coupon.locator('#root_platformCouponCode').inputValue(), 'A'.repeat(20));
      await coupon.locator('#root_platformCouponCode').fill('');
      await coupon.getByRole('button', { name: 'Create coupon' }).click();
      await visible(coupon.getByText('Coupon code is required'));
      await shoot({ page, screenshot, name: 'payments-coupon-code-required' });
      await coupon.locator('#root_platformCouponCode').fill(code);
      await coupon.locator('#root_expires').fill('2030-01-31T12:00');
      // The plans' choices arrive with their own request; a form drawn again when they do drops
      // the errors of a submit made before.
      await visible(coupon.getByLabel('Pro · Monthly'));
      await coupon.getByRole('button', { name: 'Create coupon' }).click();
      await visible(coupon.getByText('Please connect at least one plan to the coupon'));
      await coupon.getByLabel('Pro · Monthly').check();
      await coupon.getByLabel('Pro · Yearly').check();
      await shoot({ page, screenshot, name: 'payments-coupon-popup' });
      await coupon.getByRole('button', { name: 'Create coupon' }).click();
      await visible(page.getByText('Launch week', { exact: true }));
      await until(async () => (await coupon.count()) === 0, 'the coupon popup to close');
      await shoot({ page, screenshot, name: 'payments-coupons' });
      await page.getByRole('button', { name: 'Edit Launch week' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit coupon' });
      assert.notEqual(await edit.locator('#root_couponName').getAttribute('readonly'), null);
      assert.notEqual(await edit.locator('#root_platformCouponCode').getAttribute('readonly'), null);
      await shoot({ page, screenshot, name: 'payments-coupon-edit' });
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Delete Launch week' }).click();
      await page.getByRole('dialog', { name: 'Delete coupon' }).getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('Sorry, no items found'));

      // Settings: a checkout URL that is not http is refused with the spec's words.
      await tab(page, 'Settings').click();
      await page.locator('#root_checkoutSuccess').fill('shop.example.com/thanks');
      await page.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('Checkout success URL must be a valid URL'));
      await page.locator('#root_checkoutSuccess').fill('https://shop.example.com/thanks');
      await page.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Great success! 🎉');
      await shoot({ page, screenshot, name: 'payments-settings' });
    },
  },
];
