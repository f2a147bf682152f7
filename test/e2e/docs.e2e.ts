// The API reference at /docs renders the bundled document and its "try it" reaches this server.
import type { Scenario } from './scenario';
import { visible } from './expect';

export const scenarios: Scenario[] = [
  {
    name: 'renders the API reference and sends a request from "try it"',
    run: async ({ page, screenshot }) => {
      const sent: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/health') sent.push(response.status());
      });
      await page.goto('/docs');
      await page.getByText('Liveness and storage engine').first().click();
      await page.getByRole('button', { name: /Test Request/i }).first().click();
      await page.getByRole('button', { name: /^Send/i }).first().click();
      await visible(page.getByText('"engine"'));
      await screenshot('docs-try-it');
      if (!sent.includes(200)) throw new Error(`try it did not reach /api/health (saw ${JSON.stringify(sent)})`);
    },
  },
];
