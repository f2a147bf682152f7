// The one ownership rule of the portal: an app is visible only to developers listed in its
// developerIds. Everyone else, signed-in or not a developer at all, gets 'App not found'.
import type { AppContext } from '../../context';
import type { Store } from '../../storage/port';
import { NotFoundError } from '../../http/errors';
import { apps, developers } from './model';
import type { AppDoc, DeveloperDoc } from './model';

export const APP_NOT_FOUND = 'App not found';

export async function findDeveloper({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<DeveloperDoc | null> {
  return developers(ctx).findOne({ userId });
}

/**
 * A user's developer id, kept per store: it never changes once the developer record exists
 * (records are made once per user, ids never reused), so no other instance can contradict it. A
 * stale id after the account's deletion matches no app: the account had to own none. A user
 * who is no developer yet is asked again each time.
 */
const developerIds = new WeakMap<Store, Map<string, string>>();
const KEPT_DEVELOPER_IDS = 10_000;

async function developerIdOf({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<string | undefined> {
  const kept = developerIds.get(ctx.store) ?? new Map<string, string>();
  developerIds.set(ctx.store, kept);
  const known = kept.get(userId);
  if (known) return known;
  const developer = await findDeveloper({ ctx, userId });
  if (!developer) return undefined;
  if (kept.size >= KEPT_DEVELOPER_IDS) kept.clear();
  kept.set(userId, developer._id);
  return developer._id;
}

export async function findOwnedApp({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<AppDoc> {
  const developerId = await developerIdOf({ ctx, userId });
  const app = developerId ? await apps(ctx).findOne({ _id: appId, developerIds: developerId }) : null;
  if (!app) throw new NotFoundError(APP_NOT_FOUND);
  return app;
}

/** The id of an app the user owns (else 'App not found'): what an app-scoped owner's call starts with. */
export async function ownedAppId({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<string> {
  return (await findOwnedApp({ ctx, userId, appId }))._id;
}
