// The one ownership rule of the portal: an app is visible only to developers listed in its
// developerIds. Everyone else, signed-in or not a developer at all, gets 'App not found'.
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { apps, developers } from './model';
import type { AppDoc, DeveloperDoc } from './model';

export const APP_NOT_FOUND = 'App not found';

export async function findDeveloper({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<DeveloperDoc | null> {
  return developers(ctx).findOne({ userId });
}

export async function findOwnedApp({ ctx, userId, appId }: { ctx: AppContext; userId: string; appId: string }): Promise<AppDoc> {
  const developer = await findDeveloper({ ctx, userId });
  const app = developer ? await apps(ctx).findOne({ _id: appId, developerIds: developer._id }) : null;
  if (!app) throw new NotFoundError(APP_NOT_FOUND);
  return app;
}
