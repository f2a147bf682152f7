// Media manager end to end: the demo owner opens the Marketing site's media manager (its demo
// images), uploads an image, finds it by search, renames it and deletes it.
import sharp from 'sharp';
import type { Scenario } from './scenario';
import { until, visible } from './expect';

const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner' };
const MEDIA_URL = '/user/dashboard/projects/demo-project-marketing/media-manager';

export const scenarios: Scenario[] = [
  {
    name: 'uploads an image to the media manager, renames it and deletes it',
    run: async ({ page, context, screenshot }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      await page.goto(MEDIA_URL);
      await visible(page.getByRole('heading', { name: 'Media manager' }));
      await visible(page.locator('.media-grid .resource-card', { hasText: 'Hero banner.png' }));
      await screenshot('media-manager');

      const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#e11d48' } }).png().toBuffer();
      await page.getByLabel('Upload images').setInputFiles({ name: 'Launch poster.png', mimeType: 'image/png', buffer: image });
      await visible(page.getByText('File uploaded'));
      const card = page.locator('.media-grid .resource-card', { hasText: 'Launch poster.png' });
      await visible(card);
      await until(async () => (await card.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)) > 0, 'the thumbnail loads');
      await screenshot('media-manager-uploaded');

      await page.getByLabel('Search images').fill('poster');
      await until(async () => (await page.locator('.media-grid .resource-card').count()) === 1, 'the search keeps the one match');
      await screenshot('media-manager-search');

      await card.getByRole('button', { name: 'Rename' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename image' });
      await dialog.getByLabel('Name').fill('Launch poster final.png');
      await screenshot('media-manager-rename');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('Image renamed'));
      const renamed = page.locator('.media-grid .resource-card', { hasText: 'Launch poster final.png' });
      await visible(renamed);

      await renamed.getByRole('button', { name: /^Delete/ }).click();
      await visible(page.getByRole('dialog', { name: 'Delete image' }));
      await screenshot('media-manager-delete');
      await page.getByRole('dialog', { name: 'Delete image' }).getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('Image deleted'));
      await until(async () => (await page.locator('.media-grid .resource-card', { hasText: 'Launch poster' }).count()) === 0, 'the image is gone');
      await visible(page.getByText('No images match your search'));
      await page.getByLabel('Search images').fill('');
      await visible(page.locator('.media-grid .resource-card', { hasText: 'Hero banner.png' }));
    },
  },
];
