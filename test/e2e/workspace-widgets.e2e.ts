// Widgets end to end: the demo owner opens a project's widgets (one over the view limit), searches
// and filters, opens Add to site, renames, duplicates, deletes the copy and invites a
// collaborator, who approves from the mailed link and finds the widget under Shared Widgets.
import type { Locator, Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { mailLink, signUpThroughApi, uniqueEmail } from './helpers';
import { disabled, until, urlMatches, visible } from './expect';

const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner' };
const MARKETING = '/user/dashboard/projects/demo-project-marketing';

const row = (page: Page, name: string) => page.locator('.ag-row', { hasText: name });

/** The table's Refresh button is disabled while it loads (and its overlay lingers). */
const loaded = (scope: Page | Locator) => until(async () => scope.getByRole('button', { name: 'Refresh' }).first().isEnabled(), 'the table has loaded');

async function fromMenu({ page, widget, item }: { page: Page; widget: string; item: string }): Promise<void> {
  await page.getByRole('button', { name: `More ${widget}` }).click();
  await page.getByRole('dialog', { name: widget }).getByRole('button', { name: item }).click();
}

export const scenarios: Scenario[] = [
  {
    name: 'lists, renames, duplicates and shares widgets; the collaborator approves and sees them shared',
    run: async ({ browser, page, context, screenshot, baseUrl }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      await page.goto(MARKETING);
      await visible(row(page, 'Launch countdown'));
      await visible(row(page, 'Launch countdown').getByRole('link', { name: 'Please Upgrade' }));
      await visible(page.getByRole('heading', { name: 'Discover more widgets' }));
      await loaded(page);
      await screenshot('widgets-list');

      await page.getByPlaceholder('Search by Name').fill('faq');
      await until(async () => (await page.locator('.ag-row').count()) === 1, 'the search leaves one widget');
      await page.getByPlaceholder('Search by Name').fill('');
      await page.getByLabel('Filter by type').selectOption({ label: 'Poll' });
      // Only polls are left (the editor's scenario may have saved one more into this project).
      await until(async () => {
        const rows = await page.locator('.ag-row').count();
        return rows > 0 && rows === (await page.locator('.ag-row', { hasText: /poll/i }).count());
      }, 'the type filter leaves the polls');
      await visible(row(page, 'Feature poll'));
      await loaded(page);
      await screenshot('widgets-filtered');
      await page.getByLabel('Filter by type').selectOption({ label: 'All types' });
      await visible(row(page, 'Launch countdown'));

      await page.getByRole('button', { name: 'Add to site Launch countdown' }).click();
      const code = page.getByRole('dialog', { name: 'Add Launch countdown to your site' });
      await visible(code.getByText('data-widget-id="demo-widget-launch-countdown"'));
      await visible(code.getByRole('button', { name: 'Copy ID' }));
      await screenshot('widgets-add-to-site');
      await page.keyboard.press('Escape');

      await fromMenu({ page, widget: 'Feature poll', item: 'Rename' });
      await page.getByRole('dialog', { name: 'Rename widget' }).getByLabel('Name').fill('Feature vote');
      await screenshot('widgets-rename');
      await page.getByRole('dialog', { name: 'Rename widget' }).getByRole('button', { name: 'Save' }).click();
      await visible(row(page, 'Feature vote'));

      await fromMenu({ page, widget: 'Customer testimonials', item: 'Duplicate' });
      await page.getByRole('dialog', { name: 'Duplicate widget' }).getByRole('button', { name: 'Duplicate' }).click();
      await visible(row(page, 'Customer testimonials (copy)'));
      await loaded(page);
      await screenshot('widgets-duplicated');
      await fromMenu({ page, widget: 'Customer testimonials (copy)', item: 'Delete' });
      await screenshot('widgets-delete-confirm');
      await page.getByRole('dialog', { name: 'Delete widget' }).getByRole('button', { name: 'Delete' }).click();
      await until(async () => (await row(page, 'Customer testimonials (copy)').count()) === 0, 'the copy is deleted');

      const invitee = uniqueEmail('collaborator');
      await fromMenu({ page, widget: 'Pricing FAQ', item: 'Collaborators' });
      const collaborators = page.getByRole('dialog', { name: 'Collaborators of Pricing FAQ' });
      await disabled(collaborators.getByRole('button', { name: 'Send Invite', exact: true }));
      await collaborators.getByRole('textbox', { name: 'Email' }).fill(invitee);
      await collaborators.getByRole('button', { name: 'Send Invite', exact: true }).click();
      await visible(collaborators.locator('.ag-row', { hasText: invitee }).getByText('pending approval'));
      await loaded(collaborators);
      await screenshot('widgets-collaborators');
      // Just mailed: Resend invite asks to wait a minute.
      await collaborators.getByRole('button', { name: `Resend invite ${invitee}` }).click();
      await visible(page.getByText(/This invitation was just sent\. Please wait \d+ seconds before sending it again\./));
      await collaborators.getByLabel('Search by Email').fill('nobody-matches');
      await until(async () => (await collaborators.locator('.ag-row').count()) === 0, 'the server search finds no one');
      await collaborators.getByLabel('Search by Email').fill(invitee.slice(0, 8));
      await visible(collaborators.locator('.ag-row', { hasText: invitee }));
      await loaded(collaborators);
      await screenshot('widgets-collaborators-resend');
      await page.keyboard.press('Escape');

      await page.goto('/user/dashboard/projects/uncategorized');
      await visible(row(page, 'Newsletter form'));
      await loaded(page);
      await screenshot('widgets-uncategorized');

      const link = new URL(await mailLink({ request: context.request, to: invitee, linkPart: '/invitation/' }));
      const guest = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 820 }, reducedMotion: 'reduce' });
      try {
        const guestPage = await guest.newPage();
        await signUpThroughApi({ request: guest.request, email: invitee, fullName: 'Widget Friend' });
        await guestPage.goto('/user/dashboard/projects');
        await visible(guestPage.getByRole('link', { name: 'My Projects' }));
        if ((await guestPage.getByRole('link', { name: 'Shared Widgets' }).count()) !== 0) throw new Error('Shared Widgets shows only when there are some');
        await guestPage.goto(link.pathname);
        await visible(guestPage.getByText('You now have access to the widget Pricing FAQ.'));
        await screenshot('widget-invitation-accepted', guestPage);
        await urlMatches(guestPage, /\/user\/dashboard\/shared-widgets$/, 10_000);
        await visible(guestPage.locator('.ag-row', { hasText: 'Pricing FAQ' }));
        await visible(guestPage.getByRole('link', { name: 'Shared Widgets' }));
        await loaded(guestPage);
        await screenshot('shared-widgets', guestPage);
        await guestPage.goto(link.pathname);
        await visible(guestPage.getByText('This invitation link is invalid or has expired.'));
        await screenshot('widget-invitation-used', guestPage);
      } finally {
        await guest.close();
      }
    },
  },
];
