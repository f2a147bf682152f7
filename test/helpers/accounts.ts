// Shared steps of the accounts and account-profile tests, through the real API: sign up,
// read the mailed links, log in, get signed-in agents.
import request from 'supertest';
import type { Response } from 'supertest';
import type { AppContext } from '../../server/context';
import { OUTBOX } from '../../server/services/mail/outbox';
import type { OutboxMail } from '../../server/services/mail/outbox';
import type { TestApp } from './test-app';

export const STRONG_PASSWORD = 'correct horse battery staple';
export const CAPTCHA = 'test-captcha-token';
export const NEW_PASSWORD = 'a brand new secret phrase';

export type Agent = ReturnType<typeof request.agent>;

export async function mailsTo({ ctx, to }: { ctx: AppContext; to: string }): Promise<OutboxMail[]> {
  return ctx.store.collection<OutboxMail>(OUTBOX).find({ to }, { sort: { created: 1 } });
}

/** The token of the last link of this kind ("confirm" or "reset") mailed to the address. */
export async function mailedToken({ ctx, to, kind }: { ctx: AppContext; to: string; kind: 'confirm' | 'reset' }): Promise<string> {
  const mails = await mailsTo({ ctx, to });
  const pattern = new RegExp(`${ctx.config.publicUrl}/${kind}/([A-Za-z0-9_-]+)`);
  const tokens = mails.map((m) => pattern.exec(m.text)?.[1]).filter((t): t is string => Boolean(t));
  const last = tokens.at(-1);
  if (!last) throw new Error(`No ${kind} link mailed to ${to}`);
  return last;
}

export function register({
  agent,
  email,
  password = STRONG_PASSWORD,
  fullName = 'Ada Lovelace',
  extra = {},
}: {
  agent: Agent;
  email: string;
  password?: string;
  fullName?: string;
  extra?: Record<string, unknown>;
}): Promise<Response> {
  return agent.post('/api/user/register').send({ username: email, fullName, password, captchaToken: CAPTCHA, ...extra });
}

export function login({
  agent,
  email,
  password = STRONG_PASSWORD,
  extra = {},
}: {
  agent: Agent;
  email: string;
  password?: string;
  extra?: Record<string, unknown>;
}): Promise<Response> {
  return agent.post('/api/user/login').send({ username: email, password, captchaToken: CAPTCHA, ...extra });
}

/** A new account, signed out again, ready to log in. */
export async function existingUser({ t, email }: { t: TestApp; email: string }): Promise<void> {
  const agent = request.agent(t.app);
  const res = await register({ agent, email });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The value of the session cookie a response set, if any. */
export function sessionCookie(res: Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith('nindo.sid='))?.split(';')[0];
}

/** A new account and an agent signed in to it. */
export async function signedInUser({ t, email }: { t: TestApp; email: string }): Promise<Agent> {
  await existingUser({ t, email });
  return signedInAgain({ t, email });
}

/** Another browser signed in to an existing account. */
export async function signedInAgain({ t, email, password }: { t: TestApp; email: string; password?: string }): Promise<Agent> {
  const agent = request.agent(t.app);
  const res = await login({ agent, email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

export const isSignedIn = async (agent: Agent): Promise<boolean> => (await agent.get('/api/user/session')).body.data !== null;
