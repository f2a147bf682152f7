// TOTP two-factor authentication (RFC 6238: SHA-1, 6 digits, 30 s steps, one step of
// drift either way). Secrets are sealed at rest; each accepted step is remembered so a
// code cannot be replayed.
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { open, seal } from '../crypto/keyring';
import { mfaLimit } from './limits';
import { clearAttempts, takeAttempt } from './rate-limit';
import { findUserById, normalizeEmail, updateUser, users } from './users';
import type { UserDoc } from './users';
import { verifyPassword } from './passwords';

export const MFA_FAILED = 'Could not verify token.';
const STEP_SECONDS = 30;

const totp = (ctx: AppContext) => authenticator.clone({ epoch: ctx.now().getTime(), window: 1, step: STEP_SECONDS });

/** Exactly six digits, else "Only numbers are allowed". */
export function assertCodeFormat(token: string): void {
  if (!/^\d{6}$/.test(token)) throw new ValidationError('Only numbers are allowed', { token: 'Only numbers are allowed' });
}

async function existingUser({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<UserDoc> {
  const user = await findUserById({ ctx, id: userId });
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/**
 * Checks a code against the user's secret, counting it against the attempt limit, and
 * records its time step so the same code is refused the second time.
 */
async function checkCode({ ctx, user, token }: { ctx: AppContext; user: UserDoc; token: string }): Promise<void> {
  assertCodeFormat(token);
  const limit = mfaLimit(user._id);
  await takeAttempt({ ctx, limits: [limit], what: 'Too many attempts' });
  if (!user.mfa) throw new ValidationError(MFA_FAILED, { token: MFA_FAILED });
  const secret = open({ keys: ctx.config, sealed: user.mfa.secretEnc });
  const delta = totp(ctx).checkDelta(token, secret);
  if (delta === null) throw new ValidationError(MFA_FAILED, { token: MFA_FAILED });
  const step = Math.floor(ctx.now().getTime() / 1000 / STEP_SECONDS) + delta;
  const claimed = await users(ctx).findOneAndUpdate(
    { _id: user._id, $or: [{ 'mfa.lastStep': { $exists: false } }, { 'mfa.lastStep': { $lt: step } }] },
    { $set: { 'mfa.lastStep': step } },
  );
  if (!claimed) throw new ValidationError(MFA_FAILED, { token: MFA_FAILED });
  await clearAttempts({ ctx, limit });
}

export async function setupMfa({ ctx, userId }: { ctx: AppContext; userId: string }) {
  const user = await existingUser({ ctx, userId });
  if (user.mfa?.enabled) throw new ConflictError('Two-factor authentication is already on');
  const secret = authenticator.generateSecret();
  await updateUser({ ctx, id: userId, set: { mfa: { secretEnc: seal({ keys: ctx.config, plaintext: secret }), enabled: false } } });
  const otpauthUrl = authenticator.keyuri(user.email, ctx.config.brand, secret);
  return { otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl), secret };
}

export async function enableMfa({ ctx, userId, token }: { ctx: AppContext; userId: string; token: string }): Promise<UserDoc> {
  const user = await existingUser({ ctx, userId });
  if (user.mfa?.enabled) throw new ConflictError('Two-factor authentication is already on');
  if (!user.mfa) throw new ValidationError('Start the two-factor setup first.');
  await checkCode({ ctx, user, token });
  return (await updateUser({ ctx, id: userId, set: { 'mfa.enabled': true } })) ?? user;
}

export async function disableMfa({
  ctx,
  userId,
  password,
  token,
}: {
  ctx: AppContext;
  userId: string;
  password?: string;
  token?: string;
}): Promise<UserDoc> {
  const user = await existingUser({ ctx, userId });
  if (token) {
    await checkCode({ ctx, user, token });
  } else if (password) {
    const limit = mfaLimit(user._id);
    await takeAttempt({ ctx, limits: [limit], what: 'Too many attempts' });
    if (!(await verifyPassword({ hash: user.passwordHash, password }))) {
      throw new ValidationError('Incorrect password', { password: 'Incorrect password' });
    }
    await clearAttempts({ ctx, limit });
  } else {
    throw new ValidationError('Enter your password or a code from your authenticator app');
  }
  await users(ctx).updateOne({ _id: userId }, { $unset: { mfa: true }, $set: { updated: ctx.now().toISOString() } });
  return (await findUserById({ ctx, id: userId })) ?? user;
}

/** The second step of a login: the pending user's code, with the email the client shows. */
export async function verifyLoginCode({
  ctx,
  userId,
  email,
  token,
}: {
  ctx: AppContext;
  userId: string;
  email: string;
  token: string;
}): Promise<UserDoc> {
  assertCodeFormat(token);
  const user = await findUserById({ ctx, id: userId });
  if (!user?.mfa?.enabled || user.email !== normalizeEmail(email)) throw new ValidationError(MFA_FAILED, { token: MFA_FAILED });
  await checkCode({ ctx, user, token });
  return user;
}
