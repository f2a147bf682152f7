// A resource declared only in a copy of openapi/ (test/fixtures/announcement.yaml: an
// Announcement per project) gets its screen with no page written for it (issue 23 item 7), on a
// server of its own serving that copy and a web build made on it (./declared-server.ts).
// The demo owner finds Announcements in the project's sidebar, adds one through the form
// (status select, date picker, widget picker), pages, searches and sorts, opens the details,
// edits and deletes with the confirmation; a viewer sees the list and details only. axe-core
// finds no serious or critical violation on the list and in the popup.
import type { APIRequestContext, Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { mailLink, ok, signUpThroughApi, uniqueEmail } from './helpers';
import { until, urlMatches, visible } from './expect';
import { blockingFindings } from './tour/axe';
import { startDeclaredServer } from './declared-server';
import { DEMO_OWNER } from '../../server/demo/accounts';

const PROJECT = { id: 'demo-project-store', name: 'Online store', widget: 'Product slider' };
const SCREEN = `/user/dashboard/projects/${PROJECT.id}/announcements`;
const API = `/api/projects/${PROJECT.id}/announcements`;
/** More than the screen's first page of 10, with the one added through the form. */
const MORE = ['Notice 01', 'Notice 02', 'Notice 03', 'Notice 04', 'Notice 05', 'Notice 06', 'Notice 07', 'Notice 08', 'Notice 09', 'Notice 10', 'Notice 11'];

async function noBlockingFindings(page: Page, where: string): Promise<void> {
  const findings = await blockingFindings(page);
  if (findings.length > 0) throw new Error(`axe on ${where}:\n${findings.map((f) => `  ${f.impact} ${f.rule}: ${f.help} at ${f.targets.join(', ')}`).join('\n')}`);
}

/** The titles of the rows shown, top to bottom (a row's pinned actions are a row element of their own, with no title). */
const titlesShown = (page: Page): Promise<string[]> =>
  page.locator('.ag-row:has([col-id="title"])').evaluateAll((rows) =>
    rows
      .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
      .map((row) => row.querySelector('[col-id="title"]')?.textContent ?? ''),
  );

const showsTitles = (page: Page, titles: string[]): Promise<void> =>
  until(async () => JSON.stringify(await titlesShown(page)) === JSON.stringify(titles), `the rows ${titles.join(', ')}`);

const summary = (page: Page, text: string): Promise<void> => visible(page.locator('.data-table__summary', { hasText: text }));

/** The table's loading veil has gone (Refresh is disabled while it shows): a screenshot sees the rows. */
const settled = (page: Page): Promise<void> => until(() => page.getByRole('button', { name: 'Refresh' }).isEnabled(), 'the table to finish loading');

/** A collaborator with the viewer role: invited through the API by the owner, joined through the mailed link. */
async function joinAsViewer({ owner, viewer }: { owner: APIRequestContext; viewer: APIRequestContext }): Promise<void> {
  const { email } = await signUpThroughApi({ request: viewer, email: uniqueEmail('viewer'), fullName: 'Vera Viewer' });
  const added = await owner.post(`/api/project/${PROJECT.id}/permissions`, { data: { email, permission: 'viewer' } });
  await ok(added, 'adding the viewer');
  const { data } = (await added.json()) as { data: { _id: string } };
  await ok(await owner.post('/api/project/invite', { data: { permissionId: data._id, email } }), 'inviting the viewer');
  const link = await mailLink({ request: viewer, to: email, linkPart: '/project/invitation/' });
  await ok(await viewer.post(`/api/project/invitationApproval/${new URL(link).pathname.split('/').pop() ?? ''}`), 'joining as viewer');
}

async function addThroughTheForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: '+ Add announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add announcement' });
  await visible(dialog);
  await dialog.getByLabel('Title').fill('Summer sale');
  await dialog.getByLabel('Text').fill('Half price on every hat until the end of July.');
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await dialog.getByLabel('Publish at').fill('2026-07-01T09:00');
  await dialog.getByLabel('Search Widget').fill('slider');
  const widget = dialog.getByRole('combobox', { name: /^Widget/ });
  await until(async () => (await widget.locator('option', { hasText: PROJECT.widget }).count()) === 1, `${PROJECT.widget} in the widget picker`);
  await widget.selectOption({ label: PROJECT.widget });
}

export const scenarios: Scenario[] = [
  {
    name: 'a resource declared in a copy of openapi/ is listed, paged, searched, sorted, added, edited and deleted on its own screen, by role',
    // The web build on the copy (about 25 s on a loaded 2-core machine) and the server's start come first.
    timeoutMs: 300_000,
    server: startDeclaredServer,
    run: async ({ browser, baseUrl, page, context, screenshot }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(DEMO_OWNER.email);
      await page.getByLabel('Password').fill(DEMO_OWNER.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await urlMatches(page, /\/user\/dashboard/);
      await page.goto('/user/dashboard/projects');
      await page.locator('.project-cards .resource-card__link', { hasText: PROJECT.name }).click();
      await page.getByRole('link', { name: 'Announcements' }).click();
      await urlMatches(page, new RegExp(`${SCREEN}$`));
      await visible(page.getByRole('heading', { level: 1, name: 'Announcements' }));
      await summary(page, '0 announcements found');
      await visible(page.getByText('Sorry, no items found'));
      await screenshot('declared-empty');

      await addThroughTheForm(page);
      const dialog = page.getByRole('dialog', { name: 'Add announcement' });
      await screenshot('declared-add-popup');
      await noBlockingFindings(page, 'the Add announcement popup');
      await dialog.getByRole('button', { name: 'Create announcement' }).click();
      await until(async () => (await dialog.count()) === 0, 'the popup closes');
      await summary(page, '1 announcement found');
      const added = page.locator('.ag-row', { hasText: 'Summer sale' });
      await visible(added.locator('.badge', { hasText: 'published' }));
      await visible(page.locator('.ag-row', { hasText: '07/01/2026' }));
      await visible(page.locator('.ag-row', { hasText: PROJECT.widget }));
      await settled(page);
      await screenshot('declared-one');

      for (const title of MORE) await ok(await context.request.post(API, { data: { title, body: `About ${title}` } }), `adding ${title}`);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await summary(page, '12 announcements found');
      await visible(page.getByText('Page 1 of 2'));
      await settled(page);
      await noBlockingFindings(page, 'the list');
      await screenshot('declared-list');
      await page.getByRole('button', { name: 'Next page' }).click();
      await visible(page.getByText('Page 2 of 2'));
      await until(async () => (await titlesShown(page)).length === 2, 'the 2 rows of page 2');

      await page.getByLabel('Search by Title').fill('SUMMER');
      await showsTitles(page, ['Summer sale']);
      await summary(page, '1 announcement found');
      await page.getByLabel('Search by Title').fill('');
      await summary(page, '12 announcements found');

      const titleHeader = page.locator('.ag-header-cell[col-id="title"] .ag-header-cell-label');
      await titleHeader.click();
      await showsTitles(page, MORE.slice(0, 10));
      await titleHeader.click();
      await showsTitles(page, ['Summer sale', ...MORE.slice(2).reverse()]);
      await settled(page);
      await screenshot('declared-sorted-descending');

      await page.getByRole('button', { name: 'Details Summer sale' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Summer sale' }));
      await visible(page.locator('dd[data-field="body"]', { hasText: 'Half price on every hat' }));
      await visible(page.locator('dd[data-field="widgetId"]', { hasText: PROJECT.widget }));
      await screenshot('declared-details');
      await page.getByRole('link', { name: 'Back to Announcements' }).click();
      // The newest come first: the first one added is on the last page, and found by name.
      await page.getByLabel('Search by Title').fill('summer');
      await showsTitles(page, ['Summer sale']);

      await page.getByRole('button', { name: 'Edit Summer sale' }).click();
      const editing = page.getByRole('dialog', { name: 'Edit announcement' });
      await editing.getByLabel('Title').fill('Summer sale extended');
      await editing.getByRole('button', { name: 'Save' }).click();
      await until(async () => (await editing.count()) === 0, 'the edit popup closes');
      await visible(page.locator('.ag-row', { hasText: 'Summer sale extended' }));

      await page.getByRole('button', { name: 'Delete Summer sale extended' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete announcement' });
      await visible(confirm.getByText('Delete Summer sale extended? This cannot be undone.'));
      await screenshot('declared-delete-confirm');
      await noBlockingFindings(page, 'the delete confirmation');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await summary(page, '0 announcements found');
      await page.getByLabel('Search by Title').fill('');
      await summary(page, '11 announcements found');

      const guest = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 820 }, reducedMotion: 'reduce' });
      try {
        await joinAsViewer({ owner: context.request, viewer: guest.request });
        const viewerPage = await guest.newPage();
        await viewerPage.goto(SCREEN);
        await summary(viewerPage, '11 announcements found');
        await viewerPage.getByLabel('Search by Title').fill('Notice 01');
        await showsTitles(viewerPage, ['Notice 01']);
        await settled(viewerPage);
        await visible(viewerPage.getByRole('button', { name: 'Details Notice 01' }));
        for (const hidden of ['+ Add announcement', 'Edit Notice 01', 'Delete Notice 01']) {
          if ((await viewerPage.getByRole('button', { name: hidden }).count()) !== 0) throw new Error(`a viewer sees ${hidden}`);
        }
        await screenshot('declared-viewer-list', viewerPage);
        await viewerPage.getByRole('button', { name: 'Details Notice 01' }).click();
        await visible(viewerPage.locator('dd[data-field="body"]', { hasText: 'About Notice 01' }));
        await screenshot('declared-viewer-details', viewerPage);
      } finally {
        await guest.close();
      }
    },
  },
];
