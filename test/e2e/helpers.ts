// Helpers shared by scenario files: unique addresses, the dev mailbox, and a signed-in
// user made through the API (context.request shares the browser context's cookies).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright-core';
import { urlMatches } from './expect';

export const PASSWORD = 'Correct-Horse-Battery-42';

/** The developer the demo data seeds (server/demo), owner of the demo apps. */
export const DEMO_DEVELOPER = { email: 'developer@demo.nindo', password: 'nindo-demo-developer' };

export async function signInAsDemoDeveloper(page: Page): Promise<void> {
  await page.goto('/developer/login');
  await page.getByLabel('Email').fill(DEMO_DEVELOPER.email);
  await page.getByLabel('Password').fill(DEMO_DEVELOPER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await urlMatches(page, /\/developer\/apps$/);
}

export const uniqueEmail = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}@e2e.nindo.test`;

interface DevMail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest mail to `to` whose links include `linkPart` (polls: mail is written right after the answer). */
export async function mailLink({ request, to, linkPart }: { request: APIRequestContext; to: string; linkPart: string }): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const answer = await request.get(`/api/dev/mail?${new URLSearchParams({ to })}`);
    const body = (await answer.json()) as { data: { docs: DevMail[] } };
    const link = body.data.docs.flatMap((mail) => mail.links).find((l) => l.includes(linkPart));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a link containing ${linkPart}`);
}

/** Throws with the status and body when an API call a scenario relies on fails. */
export const ok = async (answer: { ok: () => boolean; status: () => number; text: () => Promise<string> }, what: string): Promise<void> => {
  if (!answer.ok()) throw new Error(`${what} answered ${answer.status()}: ${await answer.text()}`);
};

/** Registers, confirms the email from the mailbox and stays signed in; optionally joins the developer platform. */
export async function signUpThroughApi({
  request,
  email = uniqueEmail('user'),
  fullName = 'E2E User',
  developer = false,
}: {
  request: APIRequestContext;
  email?: string;
  fullName?: string;
  developer?: boolean;
}): Promise<{ email: string; password: string }> {
  await ok(await request.post('/api/user/register', { data: { username: email, fullName, password: PASSWORD, captchaToken: 'e2e' } }), 'register');
  const link = await mailLink({ request, to: email, linkPart: '/confirm/' });
  const token = new URL(link).pathname.split('/').pop() ?? '';
  await ok(await request.post(`/api/user/emailConfirmation/${token}`), 'confirm email');
  if (developer) await ok(await request.post('/integrations/developer/signup', { data: { captchaToken: 'e2e' } }), 'developer signup');
  return { email, password: PASSWORD };
}
