// Email confirmation: the mailed link, confirming with it, and sending it again.
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { sendMail } from '../mail/send-mail';
import { appUrl, confirmationMail } from '../mail/templates';
import { addressMailLimit, mailLimit } from './limits';
import { takeAttempt } from './rate-limit';
import { consumeToken, issueToken } from './tokens';
import { findUserById, updateUser } from './users';
import type { UserDoc } from './users';

export const CONFIRMATION_INVALID = 'This confirmation link is invalid or has expired.';

export async function sendConfirmationMail({ ctx, user }: { ctx: AppContext; user: Pick<UserDoc, '_id' | 'email'> }): Promise<void> {
  const token = await issueToken({ ctx, userId: user._id, purpose: 'confirm' });
  await sendMail({ ctx, to: user.email, ...confirmationMail({ ctx, link: appUrl({ ctx, path: `/confirm/${token}` }) }) });
}

export async function confirmEmail({ ctx, token }: { ctx: AppContext; token: string }): Promise<UserDoc> {
  const userId = await consumeToken({ ctx, token, purpose: 'confirm' });
  const user = userId ? await updateUser({ ctx, id: userId, set: { isConfirmed: true } }) : null;
  if (!user) throw new ValidationError(CONFIRMATION_INVALID);
  return user;
}

export async function resendConfirmationMail({ ctx, userId, ip }: { ctx: AppContext; userId: string; ip: string }): Promise<void> {
  const user = await findUserById({ ctx, id: userId });
  if (!user) throw new NotFoundError('User not found');
  if (user.isConfirmed) throw new ConflictError('Your email is already confirmed');
  // The account's limit, and the address's: one address holding many unconfirmed accounts.
  const limits = [mailLimit({ userId, purpose: 'confirm' }), addressMailLimit({ ctx, ip, kind: 'confirm' })];
  await takeAttempt({ ctx, limits, what: 'Too many emails sent' });
  await sendConfirmationMail({ ctx, user });
}
