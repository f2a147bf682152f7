// Deleting an account. Developer apps carry installations, end users and money, so they are
// never deleted as a side effect: the user deletes them (or leaves them) first.
import type { AppContext } from '../../context';
import { ConflictError } from '../../http/errors';
import { TOKENS } from '../accounts/tokens';
import { users } from '../accounts/users';
import { apps, developers } from '../developer/model';
import { SESSIONS } from '../sessions/session-store';

export const ACCOUNT_DELETED = 'Your account has been deleted';
export const OWNS_DEVELOPER_APPS = 'Delete your developer apps before deleting your account.';

/** The user goes last, so a failure half-way leaves an account that can log in and retry. */
export async function deleteAccount({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<void> {
  const developer = await developers(ctx).findOne({ userId });
  if (developer && (await apps(ctx).count({ developerIds: developer._id })) > 0) throw new ConflictError(OWNS_DEVELOPER_APPS);
  await ctx.store.collection(SESSIONS).deleteMany({ userId });
  await ctx.store.collection(TOKENS).deleteMany({ userId });
  await developers(ctx).deleteMany({ userId });
  await users(ctx).deleteOne({ _id: userId });
}
