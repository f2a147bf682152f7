// Whether an app's database exists (spec 001 section 4), its creation and its deletion with
// every collection and document. Callers pass an already authorised appId.
import type { AppContext } from '../../context';
import type { DbDatabase } from '../../../generated/client/types.gen';
import { removeCollections } from './collections';
import { databases, dbCollections } from './model';

export async function getDatabase({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<DbDatabase> {
  const doc = await databases(ctx).findOne({ _id: appId });
  return doc ? { appId, exists: true, created: doc.created } : { appId, exists: false };
}

/** Creating it again changes nothing. */
export async function createDatabase({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<DbDatabase> {
  const doc = await databases(ctx).findOneAndUpdate({ _id: appId }, { $setOnInsert: { appId, created: ctx.now().toISOString() } }, { upsert: true });
  return { appId, exists: true, created: doc?.created };
}

/** Also run when the app is deleted. Deleting a missing database changes nothing. */
export async function deleteDatabase({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<DbDatabase> {
  await removeCollections({ ctx, appId, docs: await dbCollections(ctx).find({ appId }) });
  await databases(ctx).deleteOne({ _id: appId });
  return { appId, exists: false };
}
