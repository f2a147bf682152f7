// express-session store on the storage port, so any instance behind a load balancer
// sees the same sessions. Expired sessions are ignored on read and swept by a timer.
import session from 'express-session';
import type { SessionData } from 'express-session';
import type { AppContext } from '../../context';
import type { Collection, Doc, IndexSpec, Store } from '../../storage/port';
import { startPeriodic } from '../periodic';

interface SessionDoc extends Doc {
  data: SessionData;
  userId?: string;
  expiresAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A touch that moves a session's expiry by less than this writes nothing: over a session of
 * days a minute is nothing, and a write on every signed-in request cost about a tenth of a
 * list request's time (docs/database-speed.md).
 */
export const TOUCH_EVERY_MS = 60 * 1000;
const MAX_REMEMBERED_TOUCHES = 10_000;

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Set between a correct password and a correct TOTP code. */
    pendingMfaUserId?: string;
    oauthState?: { provider: string; state: string; nonce: string; codeVerifier: string; redirectUrl?: string };
  }
}

export const SESSIONS = 'sessions';

export class StoreSessionStore extends session.Store {
  private readonly sessions: Collection<SessionDoc>;
  /** Per session id, the expiry this process last wrote (ms). */
  private readonly written = new Map<string, number>();

  constructor(
    store: Store,
    private readonly now: () => Date,
  ) {
    super();
    this.sessions = store.collection<SessionDoc>(SESSIONS);
  }

  private expiry(data: SessionData): string {
    const expires = data.cookie?.expires ? new Date(data.cookie.expires) : new Date(this.now().getTime() + DAY_MS);
    return expires.toISOString();
  }

  override get(sid: string, cb: (err: unknown, data?: SessionData | null) => void): void {
    // By _id alone (the primary key), the expiry checked here: the range filter cost a compiled
    // condition on every signed-in request.
    this.sessions.findOne({ _id: sid }).then((doc) => cb(null, doc && doc.expiresAt > this.now().toISOString() ? doc.data : null), cb);
  }

  override set(sid: string, data: SessionData, cb?: (err?: unknown) => void): void {
    // The cookie holds a Date; stores take JSON only (express-session revives it on read).
    const doc = { data: JSON.parse(JSON.stringify(data)) as SessionData, userId: data.userId, expiresAt: this.expiry(data) };
    this.sessions
      .findOneAndUpdate({ _id: sid }, { $set: doc }, { upsert: true })
      .then(() => cb?.(), (err: unknown) => cb?.(err));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.written.delete(sid);
    this.sessions.deleteOne({ _id: sid }).then(() => cb?.(), (err: unknown) => cb?.(err));
  }

  override touch(sid: string, data: SessionData, cb?: () => void): void {
    const expiresAt = this.expiry(data);
    const expires = Date.parse(expiresAt);
    const last = this.written.get(sid);
    if (last !== undefined && expires >= last && expires - last < TOUCH_EVERY_MS) return void cb?.();
    if (this.written.size >= MAX_REMEMBERED_TOUCHES) this.written.clear();
    this.written.set(sid, expires);
    this.sessions.updateOne({ _id: sid }, { $set: { expiresAt } }).then(() => cb?.(), () => cb?.());
  }
}

/** Removes expired sessions; reads already ignore them, so this only reclaims space. */
export async function sweepExpiredSessions({ ctx }: { ctx: AppContext }): Promise<number> {
  return ctx.store.collection<SessionDoc>(SESSIONS).deleteMany({ expiresAt: { $lte: ctx.now().toISOString() } });
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Sweeps on a timer rather than on every session write, which is a hot path. */
export function startSessionSweeper(ctx: AppContext): () => Promise<void> {
  return startPeriodic({ everyMs: SWEEP_EVERY_MS, run: () => sweepExpiredSessions({ ctx }), failed: 'Session sweep failed' });
}

export const sessionIndexes: IndexSpec[] = [
  { collection: SESSIONS, fields: { expiresAt: 1 } },
  { collection: SESSIONS, fields: { userId: 1 } },
];
