// Account screens end to end: signup -> mailbox -> confirmation -> dashboard -> login;
// a wrong password; two-factor on from the account page, then the six-box popup at login;
// developer join; embedded login; and a screenshot of every auth screen.
import assert from 'node:assert/strict';
import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { PASSWORD, mailLink, signUpThroughApi, uniqueEmail } from './helpers';
import { checked, disabled, hasValue, until, urlMatches, visible } from './expect';

const TOTP_STEP_MS = 30_000;

const logIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
};

export const scenarios: Scenario[] = [
  {
    name: 'signs up, confirms the email from the dev mailbox, logs in and lands on the dashboard',
    run: async ({ page, screenshot }) => {
      const email = uniqueEmail('signup');
      await page.goto('/signup?serviceName=reviews');
      await visible(page.getByRole('heading', { name: 'Create your account' }));
      await checked(page.getByRole('checkbox'));
      await screenshot('auth-signup');
      await page.getByRole('checkbox').uncheck();
      await disabled(page.getByRole('button', { name: 'Create account' }));
      await page.getByRole('checkbox').check();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await visible(page.getByRole('heading', { name: 'Check your inbox' }));
      await visible(page.getByText(email));
      await screenshot('auth-signup-check-inbox');

      await page.goto('/dev/mail');
      const link = page.getByRole('link', { name: /\/confirm\// }).first();
      await visible(link);
      await screenshot('dev-mail');
      await link.click();
      await visible(page.getByRole('heading', { name: 'Email confirmed' }));
      await screenshot('auth-confirm-success');
      await page.waitForURL('**/user/dashboard', { timeout: 10_000 });
      await visible(page.getByRole('heading', { name: 'My Projects' }));
      await screenshot('dashboard-projects');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/login');
      await logIn(page, email, PASSWORD);
      await page.waitForURL('**/user/dashboard');
      await visible(page.getByText('Ada Lovelace'));
    },
  },
  {
    name: 'shows the server message under the login form for a wrong password',
    run: async ({ page, context, screenshot }) => {
      const { email } = await signUpThroughApi({ request: context.request });
      await context.request.post('/api/user/logout');
      await page.goto('/login');
      await screenshot('auth-login');
      await logIn(page, email, 'not-the-password');
      await visible(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }));
      await hasValue(page.getByLabel('Email'), email);
      await screenshot('auth-login-error');
      await urlMatches(page, /\/login$/);
    },
  },
  {
    name: 'turns two-factor on from the account page, then login needs the code in the six-box popup',
    run: async ({ page, context, screenshot }) => {
      const { email } = await signUpThroughApi({ request: context.request });
      await page.goto('/user/dashboard/account');
      await screenshot('dashboard-account-profile');
      await page.getByRole('tab', { name: 'Security' }).click();
      await page.getByRole('button', { name: 'Set up two-factor' }).click();
      const secret = (await page.getByTestId('mfa-secret').textContent()) ?? '';
      assert.match(secret, /^[A-Z2-7]+$/);
      await screenshot('dashboard-account-mfa-setup');
      const enabledStep = Math.floor(Date.now() / TOTP_STEP_MS);
      await page.getByLabel('Code from your app').fill(authenticator.generate(secret));
      await page.getByRole('button', { name: 'Turn on two-factor' }).click();
      await visible(page.getByRole('heading', { name: /Two-factor authentication\s*On/ }));
      await screenshot('dashboard-account-mfa-on');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/login');
      await logIn(page, email, PASSWORD);
      const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
      await visible(dialog);
      await dialog.getByLabel('Digit 1').pressSequentially('a');
      await visible(dialog.getByText('Only numbers are allowed'));
      await screenshot('auth-two-factor');
      await dialog.getByLabel('Digit 1').pressSequentially('000000');
      await visible(dialog.getByText('Could not verify token.'));
      // A spent code is refused (no replay): while still in the enabling step, use the next
      // step's code, which the server accepts as one step of clock drift.
      const sameStep = Math.floor(Date.now() / TOTP_STEP_MS) === enabledStep;
      const code = authenticator.clone({ epoch: Date.now() + (sameStep ? TOTP_STEP_MS : 0) }).generate(secret);
      await dialog.getByLabel('Digit 1').pressSequentially(code);
      await page.waitForURL('**/user/dashboard');
    },
  },
  {
    name: 'joins the developer platform after ticking the terms and lands on My Apps',
    run: async ({ page, context, screenshot }) => {
      await signUpThroughApi({ request: context.request });
      await page.goto('/developer/join');
      await visible(page.getByRole('heading', { name: 'Join the Nindo Developer Platform' }));
      const apply = page.getByRole('button', { name: 'Apply Now!' });
      await disabled(apply);
      await screenshot('auth-developer-join');
      await page.getByRole('checkbox').check();
      await apply.click();
      await visible(page.getByText("You're good to go!"));
      await screenshot('auth-developer-join-success');
      await page.waitForURL('**/developer/apps', { timeout: 10_000 });
    },
  },
  {
    name: 'sends developers to My Apps and other users to the join page from the developer login',
    run: async ({ page, context }) => {
      const developer = await signUpThroughApi({ request: context.request, developer: true });
      const user = await signUpThroughApi({ request: context.request });
      await context.request.post('/api/user/logout');
      await page.goto('/developer/login');
      await logIn(page, developer.email, PASSWORD);
      await urlMatches(page, /\/developer\/apps$/);
      await context.request.post('/api/user/logout');
      await context.clearCookies();
      await page.goto('/developer/login');
      await logIn(page, user.email, PASSWORD);
      await urlMatches(page, /\/developer\/join$/);
      await visible(page.getByRole('heading', { name: 'Join the Nindo Developer Platform' }));
    },
  },
  {
    name: 'resets a forgotten password from the mailed link and logs in with the new one',
    run: async ({ page, context, screenshot }) => {
      const { email } = await signUpThroughApi({ request: context.request });
      await context.request.post('/api/user/logout');
      await page.goto('/login?redirectUrl=%2Fuser%2Fdashboard%2Faccount');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await urlMatches(page, /\/forgot\?redirectUrl=/);
      await screenshot('auth-forgot');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await visible(page.getByRole('heading', { name: 'Check your inbox' }));
      await screenshot('auth-forgot-sent');
      await page.goto(await mailLink({ request: context.request, to: email, linkPart: '/reset/' }));
      await screenshot('auth-reset');
      await page.locator('input[type=password]').fill('An0ther-Strong-Passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await visible(page.getByRole('heading', { name: 'Password changed' }));
      await page.getByRole('link', { name: 'Log in' }).click();
      await logIn(page, email, 'An0ther-Strong-Passphrase');
      await page.waitForURL('**/user/dashboard');
    },
  },
  {
    name: 'signs in inside a frame and tells the parent page',
    run: async ({ page, context, baseUrl, screenshot }) => {
      const { email } = await signUpThroughApi({ request: context.request });
      await context.request.post('/api/user/logout');
      await page.goto('/dev/mail');
      // Set up from outside the page: its Content-Security-Policy refuses inline scripts.
      await page.evaluate((src: string) => {
        const parent = window as unknown as { messages: unknown[] };
        parent.messages = [];
        addEventListener('message', (e: MessageEvent) => parent.messages.push(e.data));
        document.body.innerHTML = `<iframe id="frame" src="${src}" style="width: 480px; height: 640px; border: 0"></iframe>`;
      }, `${baseUrl}/embed/login`);
      const frame = page.frameLocator('#frame');
      await visible(frame.getByLabel('Email'));
      await screenshot('auth-embed-login');
      await frame.getByLabel('Email').fill(email);
      await frame.getByLabel('Password').fill(PASSWORD);
      await frame.getByRole('button', { name: 'Log in', exact: true }).click();
      await visible(frame.getByRole('heading', { name: "You're signed in" }));
      const messageTypes = (): Promise<string[]> =>
        page.evaluate(() => (window as unknown as { messages: Array<{ type: string }> }).messages.map((m) => m.type));
      await until(async () => (await messageTypes()).includes('nindo-auth-success'), 'the auth-success message in the parent');
      assert.ok((await messageTypes()).includes('nindo-frame-height'), 'the frame posted no height');
      await page.locator('#frame').evaluate((frame: HTMLIFrameElement, url: string) => {
        frame.src = url;
      }, `${baseUrl}/embed/logout`);
      await visible(frame.getByRole('heading', { name: 'You are signed out' }));
      await until(async () => (await messageTypes()).includes('nindo-logout'), 'the logout message in the parent');
      const session = (await (await context.request.get('/api/user/session')).json()) as { data: unknown };
      assert.equal(session.data, null);
    },
  },
  {
    name: 'finishes a social sign-in when the popup reports back, and shows a popup error',
    run: async ({ page, context }) => {
      await page.goto('/login');
      await page.evaluate(() => window.open('/auth/post-login?error=Access_was_denied_by_the_provider&provider=github', 'social-login'));
      await visible(page.getByRole('alert').filter({ hasText: 'Access was denied by the provider' }));
      // The provider callback signs the session in; then the popup lands on /auth/post-login.
      await signUpThroughApi({ request: context.request });
      await page.evaluate(() => window.open('/auth/post-login?isNew=false&provider=github', 'social-login'));
      await urlMatches(page, /\/user\/dashboard$/);
      await until(async () => context.pages().length === 1, 'the popup to close itself');
    },
  },
  {
    name: 'shows every public auth screen and its error states',
    run: async ({ page, screenshot }) => {
      const screens: Array<[string, string, string | RegExp]> = [
        ['auth-developer-login', '/developer/login', 'Log in to the developer platform'],
        ['auth-developer-signup', '/developer/signup', 'Create your developer account'],
        ['auth-developer-forgot', '/developer/forgot', 'Forgot your password?'],
        ['auth-confirm-error', '/confirm/not-a-real-token', 'We could not confirm your email'],
        ['auth-post-login-error', '/auth/post-login?error=Access_was_denied', 'Sign-in did not complete'],
        ['auth-developer-terms', '/developer/terms', 'Nindo Developer Terms of Service'],
      ];
      for (const [name, path, heading] of screens) {
        await page.goto(path);
        await visible(page.getByRole('heading', { name: heading, level: 1 }));
        await screenshot(name);
      }
      await page.goto('/confirm/not-a-real-token');
      await visible(page.getByRole('link', { name: 'Back to Login Page' }));
      // Signed out, a dead invitation link says so at once (a live one leads to sign-up and back: the workspace scenarios).
      for (const path of ['/invitation/not-a-real-token', '/project/invitation/not-a-real-token']) {
        await page.goto(path);
        await visible(page.getByText('This invitation link is invalid or has expired.'));
        await visible(page.getByRole('link', { name: 'Back to Login Page' }));
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/signup');
      await visible(page.getByRole('heading', { name: 'Create your account' }));
      await screenshot('auth-signup-mobile');
      await page.setViewportSize({ width: 1280, height: 820 });
      await page.goto('/login?error=Your_session_has_expired');
      await visible(page.getByText('Your session has expired'));
      await page.goto('/user/dashboard/account');
      await urlMatches(page, /\/login\?redirectUrl=%2Fuser%2Fdashboard%2Faccount$/);
      await page.goto('/some/unknown/path');
      await urlMatches(page, /\/login\?redirectUrl=%2Fuser%2Fdashboard$/);
    },
  },
];
