// The database screens end to end, as the demo developer on the demo draft app: the welcome card
// and Create Database (when the app has none yet), a collection created with the spec's name
// rules, a text, a number, an enumeration and a boolean field, documents created through the
// form generated from those fields, search and the sort cycle, duplicate, edit and delete, the
// endpoint copied, a rename, and the demo app's wider collection. Screens: test-results/screens/database-*.png.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Locator, Page, Request } from 'playwright-core';
import { signInAsDemoDeveloper } from './helpers';
import type { Scenario, ScenarioContext } from './scenario';
import { until, urlMatches, visible } from './expect';

const DEMO = { appId: 'demo-countdown-timer' };
const toast = (page: Page, text: string | RegExp) => visible(page.locator('[data-sonner-toast]').getByText(text));
const shoot = async ({ page, screenshot, name }: { page: Page; screenshot: ScenarioContext['screenshot']; name: string }) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(700);
  await screenshot(name, page);
};
const closed = (dialog: Locator, what: string) => until(async () => (await dialog.count()) === 0, what);

async function addField({ page, type, displayName, name, fill }: { page: Page; type: string; displayName: string; name: string; fill?: (popup: Locator) => Promise<void> }) {
  await page.getByRole('button', { name: 'Add field' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a field type' });
  await picker.getByRole('button', { name: new RegExp(`^${type}\\b`) }).click();
  const popup = page.getByRole('dialog', { name: `Add ${type} field` });
  await popup.locator('#root_displayName').fill(displayName);
  assert.equal(await popup.locator('#root_name').inputValue(), name);
  await fill?.(popup);
  await popup.getByRole('button', { name: 'Add field' }).click();
  await toast(page, 'Collection field created successfully');
  await closed(popup, `the ${type} field popup to close`);
}

export const scenarios: Scenario[] = [
  {
    name: 'creates a database and a collection, adds fields, creates documents through the generated form, searches, sorts and renames',
    run: async ({ page, context, screenshot }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAsDemoDeveloper(page);

      await page.goto(`/developer/apps/${DEMO.appId}/dashboard`);
      await page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'Database', exact: true }).click();
      await visible(page.getByRole('button', { name: /^(Create Database|Create Collection)$/ }));
      if (await page.getByRole('button', { name: 'Create Database' }).count()) {
        await shoot({ page, screenshot, name: 'database-welcome' });
        await page.getByRole('button', { name: 'Create Database' }).click();
        await toast(page, 'Database created successfully');
        // The page reloads 2 s later and shows the collections.
        await page.waitForEvent('load', { timeout: 10_000 });
      }

      // Create Collection: the spec's messages, the name normalised as typed.
      await page.getByRole('button', { name: /Create Collection/ }).click();
      const create = page.getByRole('dialog', { name: 'Create Collection' });
      await create.getByRole('button', { name: 'Create' }).click();
      await visible(create.getByText('Missing collection name'));
      await create.locator('#root_name').fill('Shop items!');
      await create.getByRole('button', { name: 'Create' }).click();
      await visible(create.getByText('Please remove special characters'));
      const suffix = randomUUID().slice(0, 6);
      await create.locator('#root_name').fill(`Shop Items ${suffix}`);
      const name = `shop-items-${suffix}`;
      assert.equal(await create.locator('#root_name').inputValue(), name);
      await shoot({ page, screenshot, name: 'database-create-collection' });
      await create.getByRole('button', { name: 'Create' }).click();
      await toast(page, `Collection ${name} created successfully.`);
      await urlMatches(page, new RegExp(`/database/${name}$`));
      await visible(page.getByText('Please add fields for this collection'));
      await page.getByRole('button', { name: 'New document' }).click();
      await toast(page, 'Please create a field first');
      await shoot({ page, screenshot, name: 'database-collection-empty' });

      // Fields: picked by type first; names derived in camel case.
      await page.getByRole('navigation', { name: 'Collection' }).getByRole('link', { name: 'Fields' }).click();
      await urlMatches(page, /\/database\/collection\/[^/]+\/fields$/);
      await page.getByRole('button', { name: 'Add field' }).click();
      const picker = page.getByRole('dialog', { name: 'Select a field type' });
      assert.equal(await picker.getByRole('listitem').count(), 12);
      await shoot({ page, screenshot, name: 'database-field-types' });
      await picker.getByRole('button', { name: /^Text\b/ }).click();
      const text = page.getByRole('dialog', { name: 'Add Text field' });
      await text.getByRole('button', { name: 'Add field' }).click();
      await visible(text.getByText('Missing required fields'));
      await text.locator('#root_displayName').fill('Title');
      await text.getByRole('tab', { name: 'Advanced' }).click();
      await text.getByLabel('Required').check();
      await shoot({ page, screenshot, name: 'database-field-advanced' });
      await text.getByRole('button', { name: 'Add field' }).click();
      await toast(page, 'Collection field created successfully');
      await closed(text, 'the text field popup to close');
      await addField({ page, type: 'Number', displayName: 'Unit price', name: 'unitPrice' });
      await addField({
        page, type: 'Enumeration', displayName: 'Size', name: 'size',
        fill: async (popup) => {
          for (const [i, value] of ['small', 'large'].entries()) {
            await popup.getByRole('button', { name: 'Add value' }).click();
            await popup.locator(`#root_enum_${i}`).fill(value);
          }
        },
      });
      await addField({ page, type: 'Boolean', displayName: 'In stock', name: 'inStock' });
      // A second field named title is refused in the spec's words.
      await page.getByRole('button', { name: 'Add field' }).click();
      await page.getByRole('dialog', { name: 'Select a field type' }).getByRole('button', { name: /^Text\b/ }).click();
      const again = page.getByRole('dialog', { name: 'Add Text field' });
      await again.locator('#root_displayName').fill('Title');
      await again.getByRole('button', { name: 'Add field' }).click();
      await visible(again.getByText('A field with the same name already exists'));
      await again.getByRole('button', { name: 'Cancel' }).click();
      await visible(page.locator('.db-field').nth(3));
      await shoot({ page, screenshot, name: 'database-fields' });
      // Editing re-posts every field: the display name changes, the stored name stays.
      await page.locator('.db-field', { hasText: 'In stock' }).getByRole('button', { name: 'Edit' }).click();
      const update = page.getByRole('dialog', { name: 'Update Boolean field' });
      await update.locator('#root_displayName').fill('Available');
      assert.equal(await update.locator('#root_name').inputValue(), 'inStock');
      await update.getByRole('button', { name: 'Update field' }).click();
      await toast(page, 'Collection field updated successfully');
      await closed(update, 'the update field popup to close');
      await visible(page.locator('.db-field', { hasText: 'Available' }).getByText('inStock'));
      await addField({ page, type: 'URL', displayName: 'Website', name: 'website' });
      await page.locator('.db-field', { hasText: 'Website' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete field' }).getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Collection field deleted successfully');
      await until(async () => (await page.locator('.db-field').count()) === 4, 'four fields left');
      // An array's item types read as the picker names them, not by their ids.
      await page.getByRole('button', { name: 'Add field' }).click();
      await page.getByRole('dialog', { name: 'Select a field type' }).getByRole('button', { name: /^Array\b/ }).click();
      const array = page.getByRole('dialog', { name: 'Add Array field' });
      const itemTypes = await array.locator('#root_subtype option').allInnerTexts();
      assert.ok(itemTypes.includes('Rich text') && !itemTypes.includes('rich-text'), `array item types: ${itemTypes.join(', ')}`);
      await array.locator('#root_subtype').selectOption({ label: 'Email' });
      await shoot({ page, screenshot, name: 'database-array-field' });
      await array.getByRole('button', { name: 'Cancel' }).click();
      // Each tab has its own address, by the collection's name too.
      for (const [slug, label] of [['fields', 'Fields'], ['settings', 'Settings']]) {
        await page.goto(`/developer/apps/${DEMO.appId}/database/${name}/${slug}`);
        await visible(page.getByRole('navigation', { name: 'Collection' }).locator('a.active', { hasText: label }));
      }
      await visible(page.getByRole('region', { name: 'Danger zone' }));
      await page.goto(`/developer/apps/${DEMO.appId}/database/${name}/fields`);
      await visible(page.locator('.db-field').nth(3));
      await shoot({ page, screenshot, name: 'database-fields-by-name' });

      // Documents through the form generated from the fields.
      await page.getByRole('navigation', { name: 'Collection' }).getByRole('link', { name: 'Documents' }).click();
      await visible(page.getByText('Sorry, no documents found'));
      const documents = [
        { title: 'Lamp', price: '1234.5', size: 'large', inStock: true },
        { title: 'Chair', price: '49', size: 'small', inStock: false },
        { title: 'Desk', price: '2500', size: 'large', inStock: true },
      ];
      for (const [i, doc] of documents.entries()) {
        await page.getByRole('button', { name: 'New document' }).click();
        const form = page.getByRole('dialog', { name: 'New document' });
        if (i === 0) {
          await form.getByRole('button', { name: 'Save' }).click();
          await visible(form.getByText('Some required fields are missing'));
          await shoot({ page, screenshot, name: 'database-document-required' });
        }
        await form.locator('#root_title').fill(doc.title);
        await form.locator('#root_unitPrice').fill(doc.price);
        await form.locator('#root_size').selectOption(doc.size);
        if (doc.inStock) await form.getByLabel('Available').check();
        if (i === 0) await shoot({ page, screenshot, name: 'database-document-form' });
        await form.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'Document created successfully');
        await closed(form, 'the document popup to close');
      }
      const grid = page.getByRole('region', { name: 'Documents' });
      await visible(grid.getByText('3 Documents found'));
      await visible(grid.getByText('1,234.5'));
      await visible(grid.getByText(/^\d{2}\/\d{2}\/\d{4}$/));
      await shoot({ page, screenshot, name: 'database-documents' });

      // Sort cycle and search on the server.
      const isList = (request: Request) => new URL(request.url()).pathname.endsWith(`/db/collection/${name}/document`) && request.method() === 'GET';
      const sorts: Array<string | null> = [];
      for (let click = 0; click < 3; click += 1) {
        const next = page.waitForRequest(isList);
        await grid.locator('.ag-header-cell[col-id="unitPrice"] .ag-header-cell-label').click();
        sorts.push(new URL((await next).url()).searchParams.get('sort'));
      }
      assert.deepEqual(sorts, ['{"unitPrice":1}', '{"unitPrice":-1}', '{"unitPrice":1}']);
      // The cheapest first (AG Grid's DOM order is not the shown order: row-index is).
      await visible(grid.locator('.ag-row[row-index="0"]', { hasText: 'Chair' }));
      const searched = page.waitForRequest((request) => isList(request) && new URL(request.url()).searchParams.has('query'));
      await grid.getByRole('searchbox', { name: 'Search by Title' }).fill('ch');
      assert.equal(new URL((await searched).url()).searchParams.get('query'), '{"title":{"$regex":"ch","$options":"i"}}');
      await visible(grid.getByText('1 Document found'));

      // Duplicate, edit and delete from the row.
      await grid.getByRole('button', { name: 'Duplicate Chair', exact: true }).click();
      const copy = page.getByRole('dialog', { name: 'New document' });
      assert.equal(await copy.locator('#root_title').inputValue(), 'Chair');
      await copy.locator('#root_title').fill('Chair copy');
      await copy.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Document created successfully');
      await closed(copy, 'the duplicate popup to close');
      await visible(grid.getByText('2 Documents found'));
      await grid.getByRole('button', { name: 'Edit Chair copy' }).click();
      const edit = page.getByRole('dialog', { name: 'Update document' });
      await edit.locator('#root_unitPrice').fill('59');
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Document updated successfully');
      await closed(edit, 'the update popup to close');
      await visible(grid.locator('.ag-row', { hasText: 'Chair copy' }).getByText('59', { exact: true }));
      await grid.getByRole('button', { name: 'Delete Chair copy' }).click();
      await page.getByRole('dialog', { name: 'Delete document' }).getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Document deleted successfully');
      await visible(grid.getByText('1 Document found'));

      // The endpoint, copied with a 1 s confirmation.
      const endpoint = page.getByRole('region', { name: 'API endpoint' });
      assert.match(await endpoint.getByLabel('API endpoint').inputValue(), new RegExp(`/api/v1/data/${DEMO.appId}/collections/${name}/documents$`));
      await endpoint.getByRole('button', { name: 'Copy' }).click();
      await visible(endpoint.getByRole('button', { name: 'Copied!' }));
      await visible(endpoint.getByRole('button', { name: 'Copy' }), 2_000);

      // Rename: the success shows after 1300 ms and the page follows the new name.
      await page.getByRole('navigation', { name: 'Collection' }).getByRole('link', { name: 'Settings' }).click();
      await visible(page.getByRole('region', { name: 'Danger zone' }));
      await shoot({ page, screenshot, name: 'database-settings' });
      const renamed = `Products ${suffix}`;
      const settings = page.getByRole('region', { name: 'Collection name' });
      await settings.locator('#root_name').fill(renamed);
      const started = Date.now();
      await settings.getByRole('button', { name: 'Rename' }).click();
      await toast(page, 'Collection name updated successfully');
      assert.ok(Date.now() - started >= 1300, 'the rename success waits 1300 ms');
      await urlMatches(page, new RegExp(`/database/products-${suffix}$`));

      await page.getByRole('link', { name: '← Database' }).click();
      await visible(page.getByRole('listitem', { name: `products-${suffix}` }));
      await shoot({ page, screenshot, name: 'database-collections' });

      // The demo app's products: more than five columns, so the column filter shows.
      await page.goto('/developer/apps/demo-review-booster/database');
      await page.getByRole('listitem', { name: 'products' }).getByRole('link', { name: 'View Collection' }).click();
      const products = page.getByRole('region', { name: 'Documents' });
      await visible(products.getByText(/^[\d,]+ Documents? found$/));
      await visible(products.getByText('Columns', { exact: true }));
      await shoot({ page, screenshot, name: 'database-demo-products' });
    },
  },
];
