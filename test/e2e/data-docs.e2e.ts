// An app's data API reference (/api/v1/data/{appId}/docs) renders the live document of its
// collections, and "try it" lists real documents with the developer's session.
import { signInAsDemoDeveloper } from './helpers';
import type { Scenario } from './scenario';
import { visible } from './expect';

const DEMO = { appId: 'demo-review-booster' };

export const scenarios: Scenario[] = [
  {
    name: 'renders the demo app\'s data API reference and lists its products from "try it"',
    run: async ({ page, screenshot }) => {
      await signInAsDemoDeveloper(page);

      const listed: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === `/api/v1/data/${DEMO.appId}/collections/products/documents`) listed.push(response.status());
      });
      await page.goto(`/api/v1/data/${DEMO.appId}/docs`);
      await page.getByText('List Products').first().click();
      await page.getByRole('button', { name: /Test Request/i }).first().click();
      await page.getByRole('button', { name: /^Send/i }).first().click();
      await visible(page.getByText('"items"').first());
      await screenshot('data-docs-try-it');
      if (!listed.includes(200)) throw new Error(`try it did not list the products (saw ${JSON.stringify(listed)})`);
    },
  },
];
