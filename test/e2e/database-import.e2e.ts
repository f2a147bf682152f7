// Import and relations end to end, as the demo developer on the demo app's products and reviews:
// a small CSV with one bad row imports with the progress shown, the report names the bad row and
// its field, the good rows appear in the table; then a review is written through the generated
// form, its product picked by title in the relation picker. A large import is followed while the
// server stores it in the background: rows done and failed, the popup closed and opened again from
// the toolbar, the report at the end. Screens: test-results/screens/database-import-*.png.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { signInAsDemoDeveloper } from './helpers';
import type { Scenario, ScenarioContext } from './scenario';
import { until, visible } from './expect';

const APP = 'demo-review-booster';
/** Rows of the large import: seconds of work for the server's import worker. */
const BIG_IMPORT_ROWS = 600_000;
const toast = (page: Page, text: string | RegExp) => visible(page.locator('[data-sonner-toast]').getByText(text));
const shoot = async ({ page, screenshot, name }: { page: Page; screenshot: ScenarioContext['screenshot']; name: string }) => {
  await page.waitForTimeout(500);
  await screenshot(name, page);
};

async function openCollection(page: Page, name: string): Promise<void> {
  await page.goto(`/developer/apps/${APP}/database`);
  await page.getByRole('listitem', { name }).getByRole('link', { name: 'View Collection' }).click();
  await visible(page.getByRole('region', { name: 'Documents' }).getByText(/^[\d,]+ Documents? found$/));
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
  {
    name: 'follows a large import in the background: rows done and failed, the popup closed and reopened from the toolbar, the report at the end',
    run: async ({ page, screenshot }) => {
      await signInAsDemoDeveloper(page);
      const name = `people-${randomUUID().slice(0, 6)}`;
      // A collection of its own, made through the owner API with the signed-in developer's cookies.
      const base = `/integrations/developer/apps/${APP}/db/collection/${name}`;
      assert.equal((await page.request.post(base, { data: {} })).status(), 200);
      const fields = [{ displayName: 'Name', type: 'text', validation: { required: true } }, { displayName: 'Age', type: 'number' }];
      assert.equal((await page.request.post(`${base}/schema`, { data: { attributes: fields } })).status(), 200);
      await page.goto(`/developer/apps/${APP}/database/${name}`);
      await visible(page.getByRole('button', { name: 'Import', exact: true }));

      // Large enough to take seconds to store: every 50,000th row has an age that is not a number.
      const rows = Array.from({ length: BIG_IMPORT_ROWS }, (_, i) => `Person ${i + 1},${(i + 1) % 50_000 === 0 ? 'old' : (i % 90) + 1}`);
      const failed = BIG_IMPORT_ROWS / 50_000;
      await page.getByLabel('File to import').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(['name,age', ...rows].join('\n')) });
      const importing = page.getByRole('dialog', { name: 'Importing documents' });
      await visible(importing.getByRole('progressbar', { name: 'Import progress' }), 60_000);
      await visible(importing.getByText('Rows done'));
      await visible(importing.getByText('Rows failed'));
      await shoot({ page, screenshot, name: 'database-import-running' });

      // Closed, the import goes on and stays in the toolbar, which opens it again.
      await importing.getByRole('button', { name: 'Close', exact: true }).last().click();
      const running = page.getByRole('button', { name: /^Importing: [\d,]+ rows done, [\d,]+ failed$/ });
      await visible(running);
      await shoot({ page, screenshot, name: 'database-import-toolbar' });
      await running.click();

      const report = page.getByRole('dialog', { name: 'Import finished' });
      await visible(report.getByRole('status').getByText(`Imported ${(BIG_IMPORT_ROWS - failed).toLocaleString('en-US')} documents; ${failed} rows failed`), 150_000);
      assert.equal(await report.getByRole('row').count(), failed + 1, 'the header and one row a failure');
      await visible(report.getByRole('cell', { name: '50000', exact: true }));
      await shoot({ page, screenshot, name: 'database-import-finished' });
      await report.getByRole('button', { name: 'Close', exact: true }).last().click();
      await until(async () => (await running.count()) === 0, 'the toolbar without a running import');
    },
  },
];
