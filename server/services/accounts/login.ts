// Password login: captcha, attempt limits, then the credentials. Wrong email and wrong
// password read the same and take the same time, so neither is revealed.
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../http/errors';
import { verifyCaptcha } from '../captcha/verify-captcha';
import { failuresIn, judgeAttempt } from './judged-attempts';
import { BUSY_ADDRESS_FAILURES, loginLimits } from './limits';
import type { LoginLimits } from './limits';
import { endLoginTurn, takeLoginTurn } from './login-pacing';
import { hashPassword, verifyPassword } from './passwords';
import type { Hit } from './rate-limit';
import { secondsUntilRoom, tooMany, tryAttempt } from './rate-limit';
import { findUserByEmail, normalizeEmail } from './users';
import type { UserDoc } from './users';

export const LOGIN_FAILED = 'Incorrect email or password';
export const TOO_MANY_LOGINS = 'Too many login attempts';

// Verified against when the email has no account, so a miss costs as much as a wrong password.
let decoyHash: Promise<string> | undefined;
const decoy = (): Promise<string> => (decoyHash ??= hashPassword('decoy password, never matches'));

/**
 * An address with too many failures may not go on trying accounts that are failing; accounts
 * without failures are still checked, so people sharing the address (a company network, a
 * proxy) who type their password right are never locked out by someone else's guessing.
 */
async function refuseFailingAccountFromBusyAddress({ ctx, limits, address }: { ctx: AppContext; limits: LoginLimits; address: { hits: Hit[]; now: number } }): Promise<void> {
  if (address.hits.length < limits.ip.max) return;
  const account = await failuresIn({ ctx, limit: limits.account });
  if (account.hits.length === 0) return;
  const accountClean = Math.ceil((Math.max(...account.hits.map((hit) => hit.at)) + limits.account.windowMs - account.now) / 1000);
  const addressRoom = secondsUntilRoom({ hits: address.hits, limit: limits.ip, now: address.now });
  throw tooMany({ what: TOO_MANY_LOGINS, seconds: Math.max(1, Math.min(accountClean, addressRoom)) });
}

/**
 * Credential stuffing (one guess on each of many accounts) never fails one account twice: a busy
 * address is paced instead, unless a captcha provider makes every login solve a captcha, or the
 * browser has signed in to this account before. Answers the turn to end once judged.
 */
async function takeTurnIfPaced({
  ctx,
  limits,
  failures,
  knownBrowser,
}: {
  ctx: AppContext;
  limits: LoginLimits;
  failures: number;
  knownBrowser: boolean;
}): Promise<string | undefined> {
  if (ctx.config.captcha.provider || knownBrowser || failures < BUSY_ADDRESS_FAILURES) return undefined;
  return takeLoginTurn({ ctx, limits, failures });
}

export async function loginWithPassword({
  ctx,
  email,
  password,
  captchaToken,
  ip,
  knownBrowser = false,
}: {
  ctx: AppContext;
  email: string;
  password: string;
  captchaToken: string;
  ip: string;
  /** The browser signed in to this account before (known-browsers.ts). */
  knownBrowser?: boolean;
}): Promise<UserDoc> {
  await verifyCaptcha({ ctx, token: captchaToken, ip });
  const normalized = normalizeEmail(email);
  const limits = loginLimits({ email: normalized, ip });
  const address = await failuresIn({ ctx, limit: limits.ip });
  await refuseFailingAccountFromBusyAddress({ ctx, limits, address });
  const turn = await takeTurnIfPaced({ ctx, limits, failures: address.hits.length, knownBrowser });
  let user: UserDoc | null;
  try {
    user = await judgeAttempt({
      ctx,
      limit: limits.account,
      what: TOO_MANY_LOGINS,
      judge: async () => {
        const found = await findUserByEmail({ ctx, email: normalized });
        const ok = await verifyPassword({ hash: found?.passwordHash ?? (await decoy()), password });
        return ok && found?.passwordHash !== undefined ? found : null;
      },
    });
  } catch (err) {
    // Refused by the account's limit (nothing was checked) or a server fault: not a failure.
    if (turn) await endLoginTurn({ ctx, limits, id: turn, failed: false });
    throw err;
  }
  if (turn) await endLoginTurn({ ctx, limits, id: turn, failed: user === null });
  if (!user) {
    await tryAttempt({ ctx, limits: [limits.ip] });
    throw new UnauthorizedError(LOGIN_FAILED);
  }
  return user;
}
