// Email signup: captcha, strength rule, the address's sign-up limit, a new unconfirmed account
// and its confirmation mail.
import type { AppContext } from '../../context';
import { ConflictError } from '../../http/errors';
import { DuplicateKeyError } from '../../storage/port';
import { verifyCaptcha } from '../captcha/verify-captcha';
import { sendConfirmationMail } from './email-confirmation';
import { ADDRESS_MAIL_REFUSALS, addressMailLimit } from './limits';
import { assertStrongEnough, hashPassword } from './passwords';
import { takeAttempt } from './rate-limit';
import { findUserByEmail, insertUser, normalizeEmail } from './users';
import type { UserDoc } from './users';

export const EMAIL_TAKEN = 'An account with this email already exists. Please log in.';

const emailTaken = (): ConflictError => new ConflictError(EMAIL_TAKEN, { username: EMAIL_TAKEN });

export async function registerUser({
  ctx,
  email,
  fullName,
  password,
  captchaToken,
  serviceName,
  ip,
}: {
  ctx: AppContext;
  email: string;
  fullName: string;
  password: string;
  captchaToken: string;
  serviceName?: string;
  ip: string;
}): Promise<UserDoc> {
  await verifyCaptcha({ ctx, token: captchaToken, ip });
  const normalized = normalizeEmail(email);
  await assertStrongEnough({ password, userInputs: [normalized, ...fullName.split(/\s+/)] });
  // Counted before the email is looked up: each sign-up may mail a stranger, and a taken email
  // answers 409, so the limit also bounds how fast one address can learn which emails have accounts.
  await takeAttempt({ ctx, limits: [addressMailLimit({ ctx, ip, kind: 'signup' })], what: ADDRESS_MAIL_REFUSALS.signup });
  if (await findUserByEmail({ ctx, email: normalized })) throw emailTaken();
  const passwordHash = await hashPassword(password);
  try {
    const user = await insertUser({ ctx, email: normalized, fullName, passwordHash, isConfirmed: false, serviceName });
    await sendConfirmationMail({ ctx, user });
    return user;
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw emailTaken();
    throw err;
  }
}
