// Forgot and reset password. Asking never reveals whether an account exists (every request counts
// toward the address's limit, account or not); a reset signs the account out everywhere, since a
// reset often follows a suspected takeover.
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import { verifyCaptcha } from '../captcha/verify-captcha';
import { sendMail } from '../mail/send-mail';
import { appUrl, resetPasswordMail } from '../mail/templates';
import { SESSIONS } from '../sessions/session-store';
import { ADDRESS_MAIL_REFUSALS, addressMailLimit, mailLimit } from './limits';
import { hashPassword } from './passwords';
import { takeAttempt, tryAttempt } from './rate-limit';
import { consumeToken, issueToken } from './tokens';
import { findUserByEmail, updateUser } from './users';

export const RESET_REQUESTED = 'If an account exists for this email, we have sent a link to reset the password.';
export const RESET_INVALID = 'This reset link is invalid or has expired.';

export async function requestPasswordReset({
  ctx,
  email,
  captchaToken,
  ip,
}: {
  ctx: AppContext;
  email: string;
  captchaToken: string;
  ip: string;
}): Promise<void> {
  await verifyCaptcha({ ctx, token: captchaToken, ip });
  await takeAttempt({ ctx, limits: [addressMailLimit({ ctx, ip, kind: 'reset' })], what: ADDRESS_MAIL_REFUSALS.reset });
  const user = await findUserByEmail({ ctx, email });
  if (!user) return;
  if (!(await tryAttempt({ ctx, limits: [mailLimit({ userId: user._id, purpose: 'reset' })] }))) return;
  const token = await issueToken({ ctx, userId: user._id, purpose: 'reset' });
  // sendMail only queues the mail, so an SMTP outage cannot change the answer or its timing.
  await sendMail({ ctx, to: user.email, ...resetPasswordMail({ ctx, link: appUrl({ ctx, path: `/reset/${token}` }) }) });
}

export async function resetPassword({
  ctx,
  token,
  password,
  captchaToken,
  ip,
}: {
  ctx: AppContext;
  token: string;
  password: string;
  captchaToken: string;
  ip: string;
}): Promise<void> {
  await verifyCaptcha({ ctx, token: captchaToken, ip });
  const userId = await consumeToken({ ctx, token, purpose: 'reset' });
  if (!userId) throw new ValidationError(RESET_INVALID, { token: RESET_INVALID });
  const user = await updateUser({ ctx, id: userId, set: { passwordHash: await hashPassword(password), isConfirmed: true } });
  if (!user) throw new ValidationError(RESET_INVALID, { token: RESET_INVALID });
  await ctx.store.collection(SESSIONS).deleteMany({ userId });
}
