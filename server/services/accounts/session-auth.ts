// Signing a browser session in and out. The session id is regenerated at every sign-in
// (no fixation); a login waiting for its two-factor code is kept in the session, unsigned-in,
// for PENDING_MFA_MS.
import type { Session, SessionData } from 'express-session';
import { UnauthorizedError } from '../../http/errors';
import { USER_HOME } from './destinations';

declare module 'express-session' {
  interface SessionData {
    pendingMfaExpiresAt?: string;
    /** Where to go once the two-factor code is accepted. */
    pendingRedirectUrl?: string;
  }
}

export interface SessionHolder {
  session: Session & Partial<SessionData>;
}

export const PENDING_MFA_MS = 10 * 60 * 1000;
export const MFA_EXPIRED = 'Your login has expired. Please log in again.';

const call = (fn: (cb: (err?: unknown) => void) => void): Promise<void> =>
  new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

// Saved before answering: express-session would otherwise save while the body is already
// on its way, and the client's next request could arrive before the session exists.
const save = (req: SessionHolder): Promise<void> => call((cb) => req.session.save(cb));

export async function signIn({ req, userId }: { req: SessionHolder; userId: string }): Promise<void> {
  await call((cb) => req.session.regenerate(cb));
  req.session.userId = userId;
  await save(req);
}

export async function startPendingMfa({
  req,
  userId,
  redirectUrl,
  now,
}: {
  req: SessionHolder;
  userId: string;
  redirectUrl: string;
  now: Date;
}): Promise<void> {
  delete req.session.userId;
  req.session.pendingMfaUserId = userId;
  req.session.pendingMfaExpiresAt = new Date(now.getTime() + PENDING_MFA_MS).toISOString();
  req.session.pendingRedirectUrl = redirectUrl;
  await save(req);
}

export function pendingMfa({ req, now }: { req: SessionHolder; now: Date }): { userId: string; redirectUrl: string } {
  const { pendingMfaUserId, pendingMfaExpiresAt, pendingRedirectUrl } = req.session;
  if (!pendingMfaUserId || !pendingMfaExpiresAt || pendingMfaExpiresAt <= now.toISOString()) throw new UnauthorizedError(MFA_EXPIRED);
  return { userId: pendingMfaUserId, redirectUrl: pendingRedirectUrl ?? USER_HOME };
}

export async function signOut({ req }: { req: SessionHolder }): Promise<void> {
  await call((cb) => req.session.destroy(cb));
}
