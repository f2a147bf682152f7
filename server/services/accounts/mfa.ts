// TOTP two-factor authentication (RFC 6238: SHA-1, 6 digits, 30 s steps, one step of
// drift either way). Secrets are sealed at rest; each accepted step is remembered so a
// code cannot be replayed.
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { open, seal } from '../crypto/keyring';
import { judgeAttempt } from './judged-attempts';
import { loginLimits, mfaLimit } from './limits';
import { tryAttempt } from './rate-limit';
import type { Limit } from './rate-limit';
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

/** True when the code is the user's current one and its time step is unused (claimed now, so it is refused the second time). */
async function codeAccepted({ ctx, user, token }: { ctx: AppContext; user: UserDoc; token: string }): Promise<boolean> {
  if (!user.mfa) return false;
  const secret = open({ keys: ctx.config, sealed: user.mfa.secretEnc });
  const delta = totp(ctx).checkDelta(token, secret);
  if (delta === null) return false;
  const step = Math.floor(ctx.now().getTime() / 1000 / STEP_SECONDS) + delta;
  const claimed = await users(ctx).findOneAndUpdate(
    { _id: user._id, $or: [{ 'mfa.lastStep': { $exists: false } }, { 'mfa.lastStep': { $lt: step } }] },
    { $set: { 'mfa.lastStep': step } },
  );
  return claimed !== null;
}

/**
 * Checks a code; only a wrong or replayed one counts against the account's attempt limit
 * (and, at login, against the client's address).
 */
async function checkCode({ ctx, user, token, addressLimit }: { ctx: AppContext; user: UserDoc; token: string; addressLimit?: Limit }): Promise<void> {
  assertCodeFormat(token);
  const judge = async () => ((await codeAccepted({ ctx, user, token })) ? true : null);
  if (await judgeAttempt({ ctx, limit: mfaLimit(user._id), what: 'Too many attempts', judge })) return;
  if (addressLimit) await tryAttempt({ ctx, limits: [addressLimit] });
  throw new ValidationError(MFA_FAILED, { token: MFA_FAILED });
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
    const judge = async () => ((await verifyPassword({ hash: user.passwordHash, password })) ? true : null);
    if (!(await judgeAttempt({ ctx, limit: mfaLimit(user._id), what: 'Too many attempts', judge }))) {
      throw new ValidationError('Incorrect password', { password: 'Incorrect password' });
    }
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
  ip,
}: {
  ctx: AppContext;
  userId: string;
  email: string;
  token: string;
  ip: string;
}): Promise<UserDoc> {
  assertCodeFormat(token);
  const user = await findUserById({ ctx, id: userId });
  if (!user?.mfa?.enabled || user.email !== normalizeEmail(email)) throw new ValidationError(MFA_FAILED, { token: MFA_FAILED });
  await checkCode({ ctx, user, token, addressLimit: loginLimits({ email: user.email, ip }).ip });
  return user;
}
