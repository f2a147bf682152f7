// Projects end to end: a new user creates a project and meets the upgrade popup on the second,
// saves the settings, adds a user (pending approval) and meets the collaborators limit; the
// owner opening the mailed link is refused (it is bound to the invited address) and the invitation
// stays pending; the invited person opens it signed out, is sent to sign up with the address filled
// in, comes back and joins.
// The demo owner sees their projects and the one shared with them, searches their permissions and
// resends the pending invitation.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { mailLink, signUpThroughApi, uniqueEmail } from './helpers';
import { hasValue, until, urlMatches, visible } from './expect';

const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner' };

async function createProject({ page, name }: { page: Page; name: string }): Promise<void> {
  await page.getByRole('button', { name: /Create a new project/ }).click();
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
}

export const scenarios: Scenario[] = [
  {
    name: 'creates a project, meets the plan limits, saves settings and invites a user who joins',
    run: async ({ browser, page, context, screenshot, baseUrl }) => {
      await signUpThroughApi({ request: context.request, fullName: 'Project Owner' });
      await page.goto('/user/dashboard');
      await visible(page.getByRole('heading', { name: 'My Projects' }));
      await visible(page.getByText('Uncategorized Widgets'));
      await screenshot('projects-empty');

      await createProject({ page, name: 'Bakery site' });
      await urlMatches(page, /\/user\/dashboard\/projects\/[0-9a-f-]{36}$/);
      const projectUrl = new URL(page.url()).pathname;
      await visible(page.getByRole('link', { name: 'Back to Projects' }));
      await visible(page.getByRole('link', { name: 'Project settings' }));
      await visible(page.locator('.app-frame__page h1'));
      await screenshot('project-inside');

      await page.getByRole('link', { name: 'Back to Projects' }).click();
      await visible(page.locator('.project-cards .resource-card', { hasText: 'Bakery site' }));
      // At the plan's one website Create opens the upgrade popup before any form (spec 003: creation is blocked).
      await page.getByRole('button', { name: /Create a new project/ }).click();
      await visible(page.getByRole('dialog', { name: 'Upgrade your plan' }));
      assert.equal(await page.getByLabel('Project name').count(), 0);
      await visible(page.frameLocator('iframe[title="Plans"]').getByRole('article', { name: 'Pro', exact: true }), 20_000);
      await screenshot('projects-upgrade-popup');
      await page.getByRole('button', { name: 'Not now' }).click();
      await screenshot('projects-list');

      await page.goto(`${projectUrl}/settings`);
      await page.getByLabel('Domain').fill('bakery.example.com');
      await page.getByLabel('Project name').fill('Bakery shop');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page.getByText('Project settings saved'));
      await visible(page.getByRole('heading', { name: 'Danger zone' }));
      await screenshot('project-settings');

      const invitee = uniqueEmail('invitee');
      await page.getByRole('link', { name: 'Permissions' }).click();
      await visible(page.getByRole('heading', { name: 'Permissions' }));
      await page.getByRole('button', { name: 'Add User' }).click();
      await page.getByLabel('Email', { exact: true }).fill(invitee);
      await page.getByRole('button', { name: 'Send Invite', exact: true }).click();
      await visible(page.getByText('pending approval'));
      await until(async () => (await page.getByRole('dialog').count()) === 0, 'the Add User popup closes');
      await screenshot('project-permissions');
      await page.getByRole('button', { name: 'Add User' }).click();
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('second'));
      await page.getByRole('button', { name: 'Send Invite', exact: true }).click();
      await visible(page.getByRole('dialog', { name: 'Upgrade your plan' }));
      await visible(page.frameLocator('iframe[title="Plans"]').getByRole('article', { name: 'Pro', exact: true }), 20_000);
      await screenshot('project-permissions-upgrade-popup');
      await page.getByRole('button', { name: 'Not now' }).click();
      await page.getByRole('button', { name: `Update Permission ${invitee}` }).click();
      await page.getByRole('dialog').getByLabel('Permission').selectOption({ label: 'Editor' });
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('Permission updated'));
      await visible(page.locator('.ag-row', { hasText: 'editor' }));
      // Mailed a moment ago: Resend invite asks to wait, and the mailed link stays the one to use.
      await page.getByRole('button', { name: `Resend invite ${invitee}` }).click();
      await visible(page.getByText(/This invitation was just sent\. Please wait \d+ seconds before sending it again\./));

      const link = new URL(await mailLink({ request: context.request, to: invitee, linkPart: '/project/invitation/' }));
      await page.goto(link.pathname);
      await visible(page.getByText('This invitation was sent to another email address. Log in with that address to accept it.'));
      const backToLogin = page.getByRole('link', { name: 'Back to Login Page' });
      await visible(backToLogin);
      // Back here once signed in as the invited address.
      await until(async () => (await backToLogin.getAttribute('href')) === `/login?redirectUrl=${encodeURIComponent(link.pathname)}`, 'Back to Login Page returns here');
      await screenshot('project-invitation-wrong-account');
      await page.goto(`${projectUrl}/permissions`);
      await visible(page.getByText('pending approval'));

      const guest = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 820 }, reducedMotion: 'reduce' });
      try {
        const guestPage = await guest.newPage();
        await guestPage.goto('/project/invitation/not-a-real-token');
        await visible(guestPage.getByText('This invitation link is invalid or has expired.'));
        await visible(guestPage.getByRole('link', { name: 'Back to Login Page' }));
        await guestPage.goto(link.pathname);
        await urlMatches(guestPage, /\/signup\?redirectUrl=%2Fproject%2Finvitation%2F[\w-]+&email=invitee-/);
        await hasValue(guestPage.getByLabel('Email'), invitee);
        await screenshot('project-invitation-signup', guestPage);
        await signUpThroughApi({ request: guest.request, email: invitee, fullName: 'Invited Baker' });
        await guestPage.goto(link.pathname);
        await visible(guestPage.getByText('You joined Bakery shop.'));
        await screenshot('project-invitation-accepted', guestPage);
        await urlMatches(guestPage, /\/user\/dashboard\/shared-projects$/, 10_000);
        await visible(guestPage.locator('.project-cards .resource-card', { hasText: 'Bakery shop' }));
        await screenshot('shared-projects', guestPage);
        await guestPage.goto(link.pathname);
        await visible(guestPage.getByText('This invitation link is invalid or has expired.'));
        await visible(guestPage.getByRole('link', { name: 'Back to Login Page' }));
        await screenshot('project-invitation-used', guestPage);
      } finally {
        await guest.close();
      }
      await page.reload();
      await until(async () => (await page.getByText('pending approval').count()) === 0, 'the invitation is active');
    },
  },
  {
    name: "shows the demo owner's projects and the project shared with them",
    run: async ({ page, context, screenshot }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      await page.goto('/user/dashboard/projects');
      await visible(page.locator('.project-cards .resource-card', { hasText: 'Marketing site' }));
      await visible(page.locator('.project-cards .resource-card', { hasText: 'Online store' }));
      await visible(page.locator('.project-cards .resource-card', { hasText: 'Marketing site' }).locator('.avatar-stack'));
      await screenshot('projects-demo-owner');
      await page.goto('/user/dashboard/shared-projects');
      await visible(page.locator('.project-cards .resource-card', { hasText: 'Developer portfolio' }));
      await screenshot('shared-projects-demo-owner');
      await page.locator('.project-cards .resource-card__link', { hasText: 'Developer portfolio' }).click();
      await visible(page.locator('.sidebar__project', { hasText: 'editor' }));
      if ((await page.locator('.sidebar__upgrade').count()) !== 0) throw new Error('Upgrade shows only to the project owner');
      await page.getByRole('link', { name: 'Permissions' }).click();
      await visible(page.getByText('Sorry, you are not permitted here please contact project owner.'));
      await screenshot('project-permissions-not-permitted');

      // The demo's pending teammate, found with the server-side search, gets the invitation mailed again.
      await page.goto('/user/dashboard/projects');
      await page.locator('.project-cards .resource-card__link', { hasText: 'Marketing site' }).click();
      await page.getByRole('link', { name: 'Permissions' }).click();
      await page.getByLabel('Search by Email').fill('TEAMMATE');
      await until(async () => (await page.locator('.ag-row').count()) === 1, 'the search keeps the teammate alone');
      await page.getByRole('button', { name: 'Resend invite teammate@demo.nindo' }).click();
      await visible(page.getByText(/^Invitation sent( again)?: teammate@demo\.nindo$/));
      await screenshot('project-permissions-resend');
      await mailLink({ request: context.request, to: 'teammate@demo.nindo', linkPart: '/project/invitation/' });
      await page.getByRole('columnheader', { name: 'Email' }).click();
      await page.getByLabel('Search by Email').fill('');
      await until(async () => (await page.locator('.ag-row').count()) > 1, 'every permission shows again');
      await until(async () => page.getByRole('button', { name: 'Refresh' }).isEnabled(), 'the table has loaded');
      await screenshot('project-permissions-sorted');
    },
  },
];
