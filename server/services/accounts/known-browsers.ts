// Browsers known to an account (OWASP's "device cookie"): signing in sets a cookie that names
// the account by a keyed hash of its email, so that browser is never paced with the others of a
// busy address (login-pacing.ts). Someone guessing passwords from that address has no such
// cookie for the accounts they try; the person who signs in there every day does.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { normalizeEmail } from './users';

export const KNOWN_BROWSER_COOKIE = 'nindo.known';
const LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** `<issued ms>.<43 base64url characters>`: anything longer is not ours and is not parsed. */
const MAX_COOKIE_LENGTH = 64;

const keyOf = (ctx: AppContext): Buffer => Buffer.from(hkdfSync('sha256', ctx.config.sessionSecret, 'nindo.known-browser', 'login pacing', 32));

const macOf = ({ ctx, email, issued }: { ctx: AppContext; email: string; issued: number }): Buffer =>
  createHmac('sha256', keyOf(ctx)).update(`${normalizeEmail(email)}\n${issued}`).digest();

/** The cookie a browser gets when it signs in to the account of `email` (httpOnly, sent to /api only). */
export function knownBrowserCookie({ ctx, email }: { ctx: AppContext; email: string }): {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: 'lax'; path: string; maxAge: number };
} {
  const issued = ctx.now().getTime();
  return {
    name: KNOWN_BROWSER_COOKIE,
    value: `${issued}.${macOf({ ctx, email, issued }).toString('base64url')}`,
    options: { httpOnly: true, sameSite: 'lax', path: '/api', maxAge: LIFETIME_MS },
  };
}

/** Whether the cookie sent was issued by us, for this email, less than its lifetime ago. */
export function isKnownBrowser({ ctx, email, cookie }: { ctx: AppContext; email: string; cookie: unknown }): boolean {
  if (typeof cookie !== 'string' || cookie.length > MAX_COOKIE_LENGTH) return false;
  const [issuedText = '', mac = ''] = cookie.split('.');
  const issued = Number(issuedText);
  if (!/^\d{1,15}$/.test(issuedText) || ctx.now().getTime() - issued > LIFETIME_MS) return false;
  const sent = Buffer.from(mac, 'base64url');
  const expected = macOf({ ctx, email, issued });
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
