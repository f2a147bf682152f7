// The attempt limits of the accounts area (see docs/accounts.md).
import type { Limit } from './rate-limit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Login failures per account and per client address (see docs/accounts.md). */
export interface LoginLimits {
  account: Limit;
  ip: Limit;
}

export const loginLimits = ({ email, ip }: { email: string; ip: string }): LoginLimits => ({
  account: { key: `login:account:${email}`, max: 5, windowMs: 15 * MINUTE },
  ip: { key: `login:ip:${ip}`, max: 30, windowMs: 15 * MINUTE },
});

/** Wrong two-factor codes per account (login, enable, disable share it). */
export const mfaLimit = (userId: string): Limit => ({ key: `mfa:${userId}`, max: 5, windowMs: 15 * MINUTE });

/** Mails per account and purpose, so nobody can flood an inbox through the forms. */
export const mailLimit = ({ userId, purpose }: { userId: string; purpose: string }): Limit => ({
  key: `mail:${purpose}:${userId}`,
  max: 3,
  windowMs: HOUR,
});
