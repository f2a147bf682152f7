// Signed-in agents for the account-profile tests, through the real signup and login.
import request from 'supertest';
import { existingUser, login } from '../accounts/account-helpers';
import type { Agent } from '../accounts/account-helpers';
import type { TestApp } from '../helpers/test-app';

export const NEW_PASSWORD = 'a brand new secret phrase';

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
