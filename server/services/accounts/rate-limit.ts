// Counting attempts in the store (fixed windows), so limits hold across instances.
// Each key/window is one document changed with an atomic $inc upsert; an attempt is
// counted before it is judged, so parallel requests cannot slip past the limit.
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import { TooManyRequestsError } from '../../http/errors';

export const RATE_LIMITS = 'rateLimits';

interface CounterDoc {
  _id: string;
  count: number;
  expiresAt: string;
  [key: string]: unknown;
}

export interface Limit {
  /** What is counted, e.g. "login:account:ann@example.com". */
  key: string;
  max: number;
  windowMs: number;
}

export const rateLimitIndexes: IndexSpec[] = [{ collection: RATE_LIMITS, fields: { expiresAt: 1 } }];

const counters = (ctx: AppContext): Collection<CounterDoc> => ctx.store.collection<CounterDoc>(RATE_LIMITS);

const currentWindow = ({ ctx, limit }: { ctx: AppContext; limit: Limit }) => {
  const now = ctx.now().getTime();
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { id: `${limit.key}:${start}`, end: start + limit.windowMs, now };
};

async function add({ ctx, limit, by }: { ctx: AppContext; limit: Limit; by: number }): Promise<{ count: number; retryAfter: number }> {
  const { id, end, now } = currentWindow({ ctx, limit });
  const doc = await counters(ctx).findOneAndUpdate(
    { _id: id },
    { $inc: { count: by }, $setOnInsert: { expiresAt: new Date(end).toISOString() } },
    { upsert: true },
  );
  return { count: doc?.count ?? by, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
}

const minutes = (seconds: number): string => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return n === 1 ? '1 minute' : `${n} minutes`;
};

/**
 * Counts one attempt against every limit; when one is over its maximum, throws 429
 * "{what}. Please try again in N minutes." with the seconds to wait.
 */
export async function takeAttempt({ ctx, limits, what }: { ctx: AppContext; limits: Limit[]; what: string }): Promise<void> {
  const results = await Promise.all(limits.map((limit) => add({ ctx, limit, by: 1 })));
  await counters(ctx).deleteMany({ expiresAt: { $lte: ctx.now().toISOString() } });
  const over = results.filter((r, i) => r.count > limits[i].max).map((r) => r.retryAfter);
  if (over.length > 0) {
    const wait = Math.max(...over);
    throw new TooManyRequestsError(`${what}. Please try again in ${minutes(wait)}.`, wait);
  }
}

/** True when one more attempt would still be within every limit (and counts it). */
export async function tryAttempt({ ctx, limits }: { ctx: AppContext; limits: Limit[] }): Promise<boolean> {
  const results = await Promise.all(limits.map((limit) => add({ ctx, limit, by: 1 })));
  return results.every((r, i) => r.count <= limits[i].max);
}

/** Takes back an attempt that turned out fine (a successful login is not a failure). */
export async function refundAttempt({ ctx, limits }: { ctx: AppContext; limits: Limit[] }): Promise<void> {
  await Promise.all(limits.map((limit) => add({ ctx, limit, by: -1 })));
}

/** Forgets the current window (a correct password wipes the account's failures). */
export async function clearAttempts({ ctx, limit }: { ctx: AppContext; limit: Limit }): Promise<void> {
  await counters(ctx).deleteOne({ _id: currentWindow({ ctx, limit }).id });
}
