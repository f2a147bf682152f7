// Widget catalog end to end: Home grouped by tag, a category button, search with "Widget not
// found", a card opening its editor (in a project, with projectId), creating a widget from it,
// What's New with Try Now, and the cancellation feedback page from the demo owner's mail.
import type { Scenario } from './scenario';
import { mailLink, signUpThroughApi } from './helpers';
import { until, urlMatches, visible } from './expect';

const DEMO_OWNER_EMAIL = 'owner@demo.nindo';

export const scenarios: Scenario[] = [
  {
    name: 'browses the catalog by tag, category and search, and creates a widget from a card',
    run: async ({ page, context, screenshot }) => {
      await signUpThroughApi({ request: context.request, fullName: 'Catalog Browser' });
      await page.goto('/user/dashboard/catalog');
      await visible(page.getByRole('heading', { name: 'Most Popular' }));
      await visible(page.getByRole('heading', { name: 'New Widgets' }));
      await screenshot('catalog-home');

      await page.getByRole('button', { name: /^Forms\s*4$/ }).click();
      await until(async () => (await page.locator('.app-cards .resource-card__link').count()) === 4, 'the four Forms apps (poll, contact form, quiz, email capture)');
      await visible(page.locator('.app-cards .resource-card__link', { hasText: 'Contact Form' }));
      await screenshot('catalog-category-forms');

      await page.getByRole('button', { name: /^All/ }).click();
      await page.getByLabel('Search widgets').fill('no such widget');
      await visible(page.getByText('Widget not found'));
      await screenshot('catalog-not-found');

      await page.getByLabel('Search widgets').fill('countdown');
      const card = page.locator('.app-cards .resource-card__link', { hasText: 'Countdown Timer' });
      await visible(card);
      if ((await card.getAttribute('href')) !== '/countdown-timer/editor') throw new Error('the card outside a project links to /countdown-timer/editor');
      await card.click();
      await urlMatches(page, /\/countdown-timer\/editor$/);
      await visible(page.getByRole('heading', { name: 'Countdown Timer' }));
      // A new widget starts from the type's templates, or blank.
      await page.getByRole('button', { name: /Start from blank/ }).click();
      await screenshot('catalog-editor');
      await page.getByLabel(/^Name/).fill('Launch countdown');
      await page.getByRole('button', { name: 'Save' }).click();
      await urlMatches(page, /\/countdown-timer\/editor\?componentId=[\w-]+$/);

      const created = await context.request.post('/api/project', { data: { name: 'Catalog site' } });
      const projectId = ((await created.json()) as { data: { projectId: string } }).data.projectId;
      await page.goto(`/user/dashboard/projects/${projectId}/catalog`);
      const inProject = page.locator('.app-cards .resource-card__link', { hasText: 'FAQ Accordion' }).first();
      await visible(inProject);
      if ((await inProject.getAttribute('href')) !== `/faq/editor?projectId=${projectId}`) throw new Error('the card in a project carries its projectId');
      await screenshot('catalog-in-project');
    },
  },
  {
    name: "lists What's New with Try Now links to the editor",
    run: async ({ page, context, screenshot }) => {
      await signUpThroughApi({ request: context.request, fullName: 'News Reader' });
      await page.goto('/user/dashboard/new-apps');
      const pricing = page.getByRole('list', { name: 'New widgets' }).getByRole('listitem').filter({ hasText: 'Pricing Table' });
      await visible(pricing);
      if ((await page.getByRole('listitem').filter({ hasText: 'Countdown Timer' }).count()) !== 0) throw new Error('an app not tagged new is listed');
      await screenshot('whats-new');
      await pricing.getByRole('link', { name: 'Try Now' }).click();
      await urlMatches(page, /\/pricing-table\/editor$/);
      await visible(page.getByRole('heading', { name: 'Pricing Table' }));
    },
  },
  {
    name: 'sends cancellation feedback once from the mailed link',
    run: async ({ page, context, screenshot }) => {
      await page.goto('/feedback');
      await visible(page.getByText('Oops, something went wrong. Please try again.'));
      await screenshot('feedback-no-token');

      const link = new URL(await mailLink({ request: context.request, to: DEMO_OWNER_EMAIL, linkPart: '/feedback?token=' }));
      await page.goto(link.pathname + link.search);
      await page.getByLabel('It is hard to use').check();
      await page.getByLabel(/Anything else/).fill('meh');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await visible(page.getByText('Comment must be at least 4 characters'));
      await screenshot('feedback-comment-too-short');
      await page.getByLabel(/Anything else/).fill('The editor was confusing on mobile.');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await visible(page.getByRole('heading', { name: 'Thank you!' }));
      await screenshot('feedback-thank-you');

      await page.goto(link.pathname + link.search);
      await page.getByLabel('Other').check();
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await visible(page.getByText('This feedback link is invalid or has expired.'));
      await screenshot('feedback-used-link');
    },
  },
];
