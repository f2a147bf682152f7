// The editor's tools in Chromium (issue 38 items 3-5): a new widget opens on its type's template
// gallery with each template drawn live; choosing one fills the editor and the preview; the
// owner's custom CSS reaches the preview's shadow root and Ctrl+Z takes it back; the Phone width
// lays the preview out at 390 px; a link away with unsaved changes asks first.
import type { Scenario } from './scenario';
import { until, urlMatches, visible } from './expect';

const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner' };
const MARKETING_ID = 'demo-project-marketing';
const OUTLINE = '.root { outline: 3px solid rgb(255, 0, 0); }';

export const scenarios: Scenario[] = [
  {
    name: 'starts a widget from a template, styles it with custom CSS, undoes it and previews it on a phone',
    run: async ({ page, context, screenshot }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      await page.goto(`/reviews/editor?projectId=${MARKETING_ID}`);
      const gallery = page.getByRole('region', { name: 'Choose a template' });
      await visible(gallery);
      const cards = gallery.locator('.template-card');
      await until(async () => (await cards.count()) >= 4, 'blank and three templates');
      // Every template's picture is drawn by its renderer in a shadow root.
      await until(
        async () => page.evaluate(() => [...document.querySelectorAll('.widget-picture__stage > div')].every((host) => (host.shadowRoot?.querySelector('.root')?.childElementCount ?? 0) > 0)),
        'every template drawn',
      );
      await screenshot('template-gallery');

      await cards.nth(1).click();
      const heading = page.getByLabel(/^Heading/).first();
      await visible(heading);
      const title = await heading.inputValue();
      const preview = page.frameLocator('iframe[title="Widget preview"]');
      await visible(preview.getByText(title));

      const outline = () =>
        page.frameLocator('iframe[title="Widget preview"]').locator('.nindo-widget').evaluate((host) => {
          const root = host.shadowRoot?.querySelector('.root');
          return root ? getComputedStyle(root).outlineColor : '';
        });
      await page.getByRole('tab', { name: 'Style' }).click();
      await page.getByLabel(/^Custom CSS/).fill(OUTLINE);
      await until(async () => (await outline()) === 'rgb(255, 0, 0)', 'the custom CSS in the preview');
      // The host page's own elements are untouched: the CSS lives in the shadow root only.
      const pageOutline = await page.frameLocator('iframe[title="Widget preview"]').locator('body').evaluate((body) => getComputedStyle(body).outlineColor);
      if (pageOutline === 'rgb(255, 0, 0)') throw new Error('custom CSS reached the page');
      await page.getByRole('button', { name: 'Phone' }).click();
      await until(async () => (await page.locator('iframe[title="Widget preview"]').evaluate((frame) => (frame as HTMLIFrameElement).style.width)) === '390px', 'the phone width');
      await screenshot('editor-style-phone');

      await page.keyboard.press('Control+Z');
      await until(async () => (await outline()) !== 'rgb(255, 0, 0)', 'the custom CSS undone');
      await page.keyboard.press('Control+Shift+Z');
      await until(async () => (await outline()) === 'rgb(255, 0, 0)', 'the custom CSS redone');

      await page.getByRole('link', { name: '← Back' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Discard changes' }).click();
      await urlMatches(page, /\/catalog/);
    },
  },
];
