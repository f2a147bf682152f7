// Database services on the test app's store (SQLite, or MongoDB under npm run test:mongo).
import type { AppContext } from '../../server/context';
import { createCollection } from '../../server/services/database/collections';
import { createDatabase } from '../../server/services/database/databases';
import { saveCollectionSchema } from '../../server/services/database/schema';
import type { DbField } from '../../generated/client/types.gen';

let seq = 0;

/** A fresh app id with its database (services take an already authorised app). */
export async function newDatabase(ctx: AppContext): Promise<string> {
  seq += 1;
  const appId = `app-${seq}-${Date.now()}`;
  await createDatabase({ ctx, appId });
  return appId;
}

export async function newCollection({ ctx, appId, name, attributes }: { ctx: AppContext; appId: string; name: string; attributes: DbField[] }): Promise<void> {
  await createCollection({ ctx, appId, name });
  if (attributes.length > 0) await saveCollectionSchema({ ctx, appId, name, input: { attributes } });
}

/** The rejection of a promise, to assert on its status, message and fieldErrors. */
export async function refusal(promise: Promise<unknown>): Promise<{ status?: number; message: string; fieldErrors?: Record<string, string> }> {
  try {
    await promise;
  } catch (err) {
    const { status, message, fieldErrors } = err as { status?: number; message: string; fieldErrors?: Record<string, string> };
    return { status, message, fieldErrors };
  }
  throw new Error('expected a refusal');
}
