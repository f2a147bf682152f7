// Account page end to end: edit the profile, change the password (mismatch shown inline,
// other sessions end, the new password logs in), delete the account, and the unsubscribe page.
import type { Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { PASSWORD, signUpThroughApi } from './helpers';
import { checked, until, visible } from './expect';

const NEW_PASSWORD = 'Another-Strong-Phrase-77';

const logIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
};

export const scenarios: Scenario[] = [
  {
    name: 'updates the profile and changes the password; the new password logs in',
    run: async ({ page, context, screenshot }) => {
      const { email } = await signUpThroughApi({ request: context.request, fullName: 'Ada Lovelace' });
      await page.goto('/user/dashboard/account');
      await visible(page.getByText('Confirmed', { exact: true }));
      await screenshot('account-profile');

      await page.getByLabel('Full name').fill('Grace Hopper');
      const updates = page.getByRole('checkbox', { name: /email updates/ });
      await checked(updates);
      await updates.uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('Account details updated'));
      await page.reload();
      await until(async () => (await page.getByLabel('Full name').inputValue()) === 'Grace Hopper', 'the saved name after reload');
      await checked(page.getByRole('checkbox', { name: /email updates/ }), false);

      await page.getByRole('tab', { name: 'API Access' }).click();
      await visible(page.getByText('Your account has no associated API key.', { exact: false }));
      await screenshot('account-api-access');

      await page.getByRole('tab', { name: 'Change Password' }).click();
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill('Not-The-Same-Phrase-1');
      await page.getByRole('button', { name: 'Change password' }).click();
      await visible(page.getByText('Passwords do not match'));
      await screenshot('account-change-password-mismatch');
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await visible(page.getByText('Your password has been changed'));
      await screenshot('account-change-password');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/login');
      await logIn(page, email, PASSWORD);
      await visible(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }));
      await logIn(page, email, NEW_PASSWORD);
      await page.waitForURL('**/user/dashboard');
      await visible(page.getByText('Grace Hopper'));
    },
  },
  {
    name: 'deletes the account after confirming, and its login stops working',
    run: async ({ page, context, screenshot }) => {
      const { email } = await signUpThroughApi({ request: context.request });
      await page.goto('/user/dashboard/account');
      await page.getByRole('button', { name: 'Delete account' }).click();
      await visible(page.getByRole('dialog', { name: 'Delete your account?' }));
      await screenshot('account-delete-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
      await page.waitForURL('**/login');
      await logIn(page, email, PASSWORD);
      await visible(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }));
    },
  },
  {
    name: 'shows the unsubscribe page: greeting on success, the error text on a bad link',
    run: async ({ page, screenshot }) => {
      await page.goto('/unsubscribe?guid=not-a-real-guid&email=nobody%40e2e.nindo.test');
      await visible(page.getByText('There was an error processing your unsubscribe request. Please try again later.'));
      await screenshot('unsubscribe-error');
      await page.goto('/unsubscribe');
      await visible(page.getByText('There was an error processing your unsubscribe request. Please try again later.'));

      // The guid is never exposed by the API (it is only mailed), so the success state is
      // shown with the answer the server gives (covered by test/account-profile/unsubscribe.test.ts).
      await page.route('**/api/user/unsubscribe?**', (route) =>
        route.fulfill({ json: { success: true, data: { email: 'ada@example.com' }, message: 'You have been unsubscribed from our marketing emails' } }),
      );
      await page.goto('/unsubscribe?guid=any&email=ada%40example.com');
      await visible(page.getByText('ada@example.com'));
      await visible(page.getByRole('link', { name: 'Go to dashboard' }));
      await screenshot('unsubscribe-success');
    },
  },
];
