// The attempt limits of the accounts area (see docs/accounts.md). Per-address limits key on
// addressKey (http/client-address.ts): an IPv6 client by its /64.
import type { AddressMailLimits } from '../../config';
import type { AppContext } from '../../context';
import { addressKey } from '../../http/client-address';
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
  ip: { key: `login:ip:${addressKey(ip)}`, max: 30, windowMs: 15 * MINUTE },
  // Only the newest turn matters; a few are kept for the turns still being judged.
  turns: { key: `login:turns:${addressKey(ip)}`, max: 4, windowMs: 15 * MINUTE },
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

/** The 429's words when one address has made the server send too many mails of a kind. */
export const ADDRESS_MAIL_REFUSALS: Record<keyof AddressMailLimits, string> = {
  signup: 'Too many sign-ups from your network',
  reset: 'Too many password reset requests from your network',
  confirm: 'Too many confirmation emails requested from your network',
};

/**
 * Requests of a kind that mail someone (sign-ups, password resets, confirmation re-sends) per
 * client address and hour, so nobody can make the server mail strangers without end
 * (config `addressMailLimits`).
 */
export const addressMailLimit = ({ ctx, ip, kind }: { ctx: AppContext; ip: string; kind: keyof AddressMailLimits }): Limit => ({
  key: `mail:${kind}:address:${addressKey(ip)}`,
  max: ctx.config.addressMailLimits[kind],
  windowMs: HOUR,
  what: ADDRESS_MAIL_REFUSALS[kind],
});
