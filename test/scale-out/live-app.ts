// An app for live changes across server processes (the kill -9 test, the live bench): a developer,
// an app with its database and a `notes` collection of one text field, written straight into the
// store the servers open, and the app's own credentials.
import { randomUUID } from 'node:crypto';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import type { Store } from '../../server/storage/port';
import { developers } from '../../server/services/developer/model';
import { createApp } from '../../server/services/developer/apps';
import { createDatabase } from '../../server/services/database/databases';
import { createCollection } from '../../server/services/database/collections';
import { saveCollectionSchema } from '../../server/services/database/schema';

export interface LiveApp {
  appId: string;
  /** HTTP Basic with the App ID and Secret. */
  authorization: string;
  collection: string;
}

/** `env`: the servers' own, so they open the secret sealed here. */
export async function seedLiveApp({ store, env }: { store: Store; env: Record<string, string> }): Promise<LiveApp> {
  await ensureIndexes(store, productIndexes());
  const ctx: AppContext = { config: readConfig({ ...env, NODE_ENV: 'test' }), store, now: () => new Date() };
  const userId = randomUUID();
  await developers(ctx).insertOne({ _id: randomUUID(), userId, name: 'Bench', email: `bench-${userId.slice(0, 8)}@example.com`, isActive: true, created: ctx.now().toISOString() });
  const app = await createApp({ ctx, userId, input: { name: 'Live bench' } });
  await createDatabase({ ctx, appId: app.appId });
  await createCollection({ ctx, appId: app.appId, name: 'notes' });
  await saveCollectionSchema({ ctx, appId: app.appId, name: 'notes', input: { attributes: [{ displayName: 'Title', name: 'title', type: 'text', validation: { required: true } }] } });
  return { appId: app.appId, authorization: `Basic ${Buffer.from(`${app.appId}:${app.secretKey}`).toString('base64')}`, collection: 'notes' };
}
