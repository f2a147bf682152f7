// Password login: captcha, attempt limits, then the credentials. Wrong email and wrong
// password read the same and take the same time, so neither is revealed.
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../http/errors';
import { verifyCaptcha } from '../captcha/verify-captcha';
import { loginLimits } from './limits';
import { hashPassword, verifyPassword } from './passwords';
import { clearAttempts, refundAttempt, takeAttempt } from './rate-limit';
import { findUserByEmail, normalizeEmail } from './users';
import type { UserDoc } from './users';

export const LOGIN_FAILED = 'Incorrect email or password';

// Verified against when the email has no account, so a miss costs as much as a wrong password.
let decoyHash: Promise<string> | undefined;
const decoy = (): Promise<string> => (decoyHash ??= hashPassword('decoy password, never matches'));

export async function loginWithPassword({
  ctx,
  email,
  password,
  captchaToken,
  ip,
}: {
  ctx: AppContext;
  email: string;
  password: string;
  captchaToken: string;
  ip: string;
}): Promise<UserDoc> {
  await verifyCaptcha({ ctx, token: captchaToken, ip });
  const normalized = normalizeEmail(email);
  const limits = loginLimits({ email: normalized, ip });
  await takeAttempt({ ctx, limits: [limits.account, limits.ip], what: 'Too many login attempts' });
  const user = await findUserByEmail({ ctx, email: normalized });
  const hash = user?.passwordHash ?? (await decoy());
  const ok = (await verifyPassword({ hash, password })) && user?.passwordHash !== undefined;
  if (!user || !ok) throw new UnauthorizedError(LOGIN_FAILED);
  await clearAttempts({ ctx, limit: limits.account });
  await refundAttempt({ ctx, limits: [limits.ip] });
  return user;
}
