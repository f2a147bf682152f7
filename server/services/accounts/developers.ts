// Developer signup: a signed-in user becomes a developer with a profile in `developers`
// (one per user, documents of the developer-portal model). The portal edits the rest of
// the profile (GET/POST /details).
import { randomUUID } from 'node:crypto';
import type { AccountDeveloperStatus } from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import type { IndexSpec } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import { verifyCaptcha } from '../captcha/verify-captcha';
import { DEVELOPERS, developers } from '../developer/model';
import { findUserById, updateUser } from './users';

export const DEVELOPER_WELCOME = "You're good to go!";

/** One developer profile per account. */
export const developerAccountIndexes: IndexSpec[] = [{ collection: DEVELOPERS, fields: { userId: 1 }, unique: true }];

export async function developerStatus({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<AccountDeveloperStatus> {
  const developer = await developers(ctx).findOne({ userId });
  return { isDeveloper: Boolean(developer), developerId: developer?._id ?? null };
}

/** Idempotent: a second signup keeps the existing profile. */
export async function becomeDeveloper({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<AccountDeveloperStatus> {
  const user = await findUserById({ ctx, id: userId });
  if (!user) throw new NotFoundError('User not found');
  if (!(await developers(ctx).findOne({ userId }))) {
    const now = ctx.now().toISOString();
    try {
      await developers(ctx).insertOne({ _id: randomUUID(), userId, name: user.fullName, email: user.email, isActive: true, created: now, updated: now });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }
  if (!user.isDeveloper) await updateUser({ ctx, id: userId, set: { isDeveloper: true } });
  return developerStatus({ ctx, userId });
}

export async function signupDeveloper({
  ctx,
  userId,
  captchaToken,
  ip,
}: {
  ctx: AppContext;
  userId: string;
  captchaToken: string;
  ip: string;
}): Promise<AccountDeveloperStatus> {
  await verifyCaptcha({ ctx, token: captchaToken, ip });
  return becomeDeveloper({ ctx, userId });
}
