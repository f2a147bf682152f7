// Import and relations end to end, as the demo developer on the demo app's products and reviews:
// a small CSV with one bad row imports with the progress shown, the report names the bad row and
// its field, the good rows appear in the table; then a review is written through the generated
// form, its product picked by title in the relation picker. Screens: test-results/screens/database-import-*.png.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { signInAsDemoDeveloper } from './helpers';
import type { Scenario, ScenarioContext } from './scenario';
import { until, visible } from './expect';

const APP = 'demo-review-booster';
const toast = (page: Page, text: string | RegExp) => visible(page.locator('[data-sonner-toast]').getByText(text));
const shoot = async ({ page, screenshot, name }: { page: Page; screenshot: ScenarioContext['screenshot']; name: string }) => {
  await page.waitForTimeout(500);
  await screenshot(name, page);
};

async function openCollection(page: Page, name: string): Promise<void> {
  await page.goto(`/developer/apps/${APP}/database`);
  await page.getByRole('article', { name }).getByRole('link', { name: 'View Collection' }).click();
  await visible(page.getByRole('region', { name: 'Documents' }).getByText(/^\d+ Documents found$/));
}

export const scenarios: Scenario[] = [
  {
    name: 'imports a CSV with a bad row (progress, per-row report, good rows kept) and picks a relation by title',
    run: async ({ page, screenshot }) => {
      await signInAsDemoDeveloper(page);
      await openCollection(page, 'products');
      const grid = page.getByRole('region', { name: 'Documents' });

      const tag = randomUUID().slice(0, 6);
      const csv = ['title,price,category', `Imported lamp ${tag},19.5,lighting`, `Imported shelf ${tag},cheap,furniture`, `Imported rug ${tag},45,textiles`].join('\n');
      // The file is tiny: the answer is held back a moment so the upload's progress can be seen.
      await page.route('**/document/import', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.getByLabel('File to import').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const importing = page.getByRole('dialog', { name: 'Importing documents' });
      await visible(importing.getByRole('progressbar', { name: 'Upload progress' }));
      await visible(importing.getByText(/Sending products\.csv: \d+%/));
      await shoot({ page, screenshot, name: 'database-import-progress' });

      const report = page.getByRole('dialog', { name: 'Import finished' });
      await visible(report.getByRole('status').getByText(/Imported 2 documents; 1 rows? failed/));
      const bad = report.getByRole('row').filter({ has: page.getByRole('cell', { name: '2', exact: true }) });
      await visible(bad.getByText('price'));
      assert.equal(await report.getByRole('row').count(), 2, 'the header and the one bad row');
      await shoot({ page, screenshot, name: 'database-import-report' });
      await report.getByRole('button', { name: 'Close', exact: true }).last().click();

      await grid.getByRole('searchbox', { name: 'Search by Title' }).fill(tag);
      await visible(grid.getByText('2 Documents found'));
      await visible(grid.getByText(`Imported lamp ${tag}`));
      await visible(grid.getByText(`Imported rug ${tag}`));
      assert.equal(await grid.getByText(`Imported shelf ${tag}`).count(), 0, 'the bad row is not stored');
      await shoot({ page, screenshot, name: 'database-import-rows' });

      // A review of the imported lamp: its product picked by title, not typed as an id.
      await openCollection(page, 'reviews');
      await page.getByRole('button', { name: 'New document' }).click();
      const form = page.getByRole('dialog', { name: 'New document' });
      await form.getByRole('searchbox', { name: 'Search Product' }).fill(`lamp ${tag}`);
      const product = form.getByRole('combobox', { name: 'Product' });
      await until(async () => (await product.locator('option', { hasText: `Imported lamp ${tag}` }).count()) === 1, 'the imported lamp among the choices');
      await product.selectOption({ label: `Imported lamp ${tag}` });
      await form.locator('#root_rating').fill('5');
      await shoot({ page, screenshot, name: 'database-import-relation-picker' });
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Document created successfully');
      // The reviews table names the product by its title (the relation read expanded), not by its id.
      await visible(grid.getByText(`Imported lamp ${tag}`));
      await shoot({ page, screenshot, name: 'database-import-relation-cell' });
    },
  },
];
