// Changing the password from the Account page. The current password is asked for when the
// account has one (an unattended open session must not be enough to take the account
// over); the other sessions are signed out, as after a reset.
import type { AppContext } from '../../context';
import { NotFoundError, ValidationError } from '../../http/errors';
import { assertStrongEnough, hashPassword, verifyPassword } from '../accounts/passwords';
import { judgeAttempt } from '../accounts/judged-attempts';
import type { Limit } from '../accounts/rate-limit';
import { findUserById, updateUser } from '../accounts/users';
import type { UserDoc } from '../accounts/users';
import { SESSIONS } from '../sessions/session-store';

export const PASSWORD_CHANGED = 'Your password has been changed';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password';
export const CURRENT_PASSWORD_WRONG = 'Incorrect password';

const currentPasswordLimit = (userId: string): Limit => ({ key: `password-change:${userId}`, max: 5, windowMs: 15 * 60 * 1000 });

async function assertCurrentPassword({ ctx, user, currentPassword }: { ctx: AppContext; user: UserDoc; currentPassword?: string }): Promise<void> {
  if (!user.passwordHash) return;
  if (!currentPassword) throw new ValidationError(CURRENT_PASSWORD_REQUIRED, { currentPassword: CURRENT_PASSWORD_REQUIRED });
  const hash = user.passwordHash;
  const judge = async () => ((await verifyPassword({ hash, password: currentPassword })) ? true : null);
  if (!(await judgeAttempt({ ctx, limit: currentPasswordLimit(user._id), what: 'Too many attempts', judge }))) {
    throw new ValidationError(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
  }
}

/** Sets the new password and deletes every session of the user but `keepSessionId`. */
export async function changePassword({
  ctx,
  userId,
  password,
  passwordAgain,
  currentPassword,
  keepSessionId,
}: {
  ctx: AppContext;
  userId: string;
  password: string;
  passwordAgain: string;
  currentPassword?: string;
  keepSessionId: string;
}): Promise<UserDoc> {
  if (password !== passwordAgain) throw new ValidationError(PASSWORDS_DO_NOT_MATCH, { passwordAgain: PASSWORDS_DO_NOT_MATCH });
  const user = await findUserById({ ctx, id: userId });
  if (!user) throw new NotFoundError('User not found');
  await assertCurrentPassword({ ctx, user, currentPassword });
  await assertStrongEnough({ password, userInputs: [user.email, user.fullName] });
  const updated = await updateUser({ ctx, id: userId, set: { passwordHash: await hashPassword(password) } });
  if (!updated) throw new NotFoundError('User not found');
  await ctx.store.collection(SESSIONS).deleteMany({ userId, _id: { $ne: keepSessionId } });
  return updated;
}
