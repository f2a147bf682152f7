// A signed-in owner with an app and its database, for the database's owner-API tests.
import type { Agent } from '../helpers/accounts';
import { createAppAs, signInAs } from '../helpers/developer';
import type { TestApp } from '../helpers/test-app';

export const dbPath = (appId: string, rest = ''): string => `/integrations/developer/apps/${appId}/db${rest}`;

export async function ownerWithDatabase(t: TestApp, email = 'owner@example.com'): Promise<{ owner: Agent; appId: string }> {
  const { agent: owner } = await signInAs({ app: t.app, ctx: t.ctx, email });
  const appId = await createAppAs({ agent: owner, name: 'Shop App' });
  await owner.post(dbPath(appId)).expect(200);
  return { owner, appId };
}

/** Creates a collection with the given fields (display names derive the names). */
export async function collectionWith({ owner, appId, name, attributes }: { owner: Agent; appId: string; name: string; attributes: object[] }): Promise<void> {
  await owner.post(dbPath(appId, `/collection/${encodeURIComponent(name)}`)).send({}).expect(200);
  if (attributes.length > 0) await owner.post(dbPath(appId, `/collection/${encodeURIComponent(name)}/schema`)).send({ attributes }).expect(200);
}
