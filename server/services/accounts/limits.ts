// The attempt limits of the accounts area (see docs/accounts.md).
import type { Limit } from './rate-limit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Login failures per account and per client address, and the paced turns of a busy address (see docs/accounts.md). */
export interface LoginLimits {
  account: Limit;
  ip: Limit;
  turns: Limit;
}

export const loginLimits = ({ email, ip }: { email: string; ip: string }): LoginLimits => ({
  account: { key: `login:account:${email}`, max: 5, windowMs: 15 * MINUTE },
  ip: { key: `login:ip:${ip}`, max: 30, windowMs: 15 * MINUTE },
  // Only the newest turn matters; a few are kept for the turns still being judged.
  turns: { key: `login:turns:${ip}`, max: 4, windowMs: 15 * MINUTE },
});

/**
 * Failures from one address, over any accounts, from which its logins are paced when no captcha
 * provider is configured (with one, every login already solves a captcha).
 */
export const BUSY_ADDRESS_FAILURES = 20;
/** The pace doubles with every failure past BUSY_ADDRESS_FAILURES (1 s, 2 s, 4 s...) up to this. */
export const MAX_LOGIN_PACE_SECONDS = 60;

export const loginPaceSeconds = (failures: number): number =>
  Math.min(MAX_LOGIN_PACE_SECONDS, 2 ** Math.max(0, failures - BUSY_ADDRESS_FAILURES));

/** Wrong two-factor codes per account (login, enable, disable share it). */
export const mfaLimit = (userId: string): Limit => ({ key: `mfa:${userId}`, max: 5, windowMs: 15 * MINUTE });

/** Mails per account and purpose, so nobody can flood an inbox through the forms. */
export const mailLimit = ({ userId, purpose }: { userId: string; purpose: string }): Limit => ({
  key: `mail:${purpose}:${userId}`,
  max: 3,
  windowMs: HOUR,
});
