// Attempt limits as sliding logs kept in the store, so they hold across instances and a burst
// straddling a window edge gets no more than the limit (fixed windows let it have twice).
// One document per key holds the times of the attempts still inside the window (at most
// `max`: an attempt refused by the limit is not written). Every change is a compare-and-set
// on the document's version with findOneAndUpdate, retried when another writer came first.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import { TooManyRequestsError } from '../../http/errors';

export const RATE_LIMITS = 'rateLimits';

export interface Hit {
  id: string;
  /** Epoch milliseconds. */
  at: number;
  /** Held for an attempt still being judged (see holdAttempt). */
  pending?: true;
}

interface LogDoc {
  _id: string;
  hits: Hit[];
  version: number;
  /** When the newest hit leaves the window: the document can then be swept. */
  expiresAt: string;
  [key: string]: unknown;
}

export interface Limit {
  /** What is counted, e.g. "login:account:ann@example.com". */
  key: string;
  max: number;
  windowMs: number;
  /** takeAttempt's "{what}" when this limit is the one full, e.g. "Too many sign-ups from your network". */
  what?: string;
}

export const rateLimitIndexes: IndexSpec[] = [{ collection: RATE_LIMITS, fields: { expiresAt: 1 } }];

const MAX_TRIES = 100;

const logs = (ctx: AppContext): Collection<LogDoc> => ctx.store.collection<LogDoc>(RATE_LIMITS);

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies `edit` to the hits still inside the window, atomically: read, edit, then write only
 * if nobody wrote in between (version unchanged), else start over.
 */
export async function editLog<R>({
  ctx,
  limit,
  edit,
}: {
  ctx: AppContext;
  limit: Limit;
  edit: (input: { hits: Hit[]; now: number }) => { hits?: Hit[]; result: R };
}): Promise<R> {
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const now = ctx.now().getTime();
    const doc = await logs(ctx).findOne({ _id: limit.key });
    const live = (doc?.hits ?? []).filter((hit) => hit.at > now - limit.windowMs);
    const { hits, result } = edit({ hits: live, now });
    if (!hits) return result;
    const newest = Math.max(now, ...hits.map((hit) => hit.at));
    try {
      const written = await logs(ctx).findOneAndUpdate(
        { _id: limit.key, version: doc?.version ?? 0 },
        { $set: { hits, expiresAt: new Date(newest + limit.windowMs).toISOString() }, $inc: { version: 1 } },
        { upsert: !doc },
      );
      if (written) return result;
    } catch (err) {
      // Two first writers: the second upsert finds the key taken.
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    await pause(Math.random() * 5);
  }
  throw new Error(`Rate limit ${limit.key}: too many concurrent writers`);
}

/** Seconds until the log has room for one more hit again. */
export const secondsUntilRoom = ({ hits, limit, now }: { hits: Hit[]; limit: Limit; now: number }): number => {
  const times = hits.map((hit) => hit.at).sort((a, b) => a - b);
  const freeing = times[Math.max(0, times.length - limit.max)] ?? now;
  return Math.max(1, Math.ceil((freeing + limit.windowMs - now) / 1000));
};

const minutes = (seconds: number): string => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return n === 1 ? '1 minute' : `${n} minutes`;
};

/** The 429 "{what}. Please try again in N minutes." with Retry-After. */
export const tooMany = ({ what, seconds }: { what: string; seconds: number }): TooManyRequestsError =>
  new TooManyRequestsError(`${what}. Please try again in ${minutes(seconds)}.`, seconds);

/** Adds a hit when the log has room; answers the hit's id, or the seconds to wait. */
const addHit = ({ ctx, limit }: { ctx: AppContext; limit: Limit }) =>
  editLog<{ id: string } | { wait: number }>({
    ctx,
    limit,
    edit: ({ hits, now }) => {
      if (hits.length >= limit.max) return { result: { wait: secondsUntilRoom({ hits, limit, now }) } };
      const id = randomUUID();
      return { hits: [...hits, { id, at: now }], result: { id } };
    },
  });

const removeHit = ({ ctx, limit, id }: { ctx: AppContext; limit: Limit; id: string }) =>
  editLog({ ctx, limit, edit: ({ hits }) => ({ hits: hits.filter((hit) => hit.id !== id), result: undefined }) });

const sweep = async (ctx: AppContext): Promise<void> => {
  await logs(ctx).deleteMany({ expiresAt: { $lte: ctx.now().toISOString() } });
};

/**
 * Counts one attempt against every limit, or none of them: when one is full the hits already
 * added are taken back and the answer is that limit with the seconds to wait.
 */
async function addToAll({ ctx, limits }: { ctx: AppContext; limits: Limit[] }): Promise<{ full: Limit; wait: number } | undefined> {
  const added: { limit: Limit; id: string }[] = [];
  for (const limit of limits) {
    const outcome = await addHit({ ctx, limit });
    if ('wait' in outcome) {
      await Promise.all(added.map(({ limit: l, id }) => removeHit({ ctx, limit: l, id })));
      return { full: limit, wait: outcome.wait };
    }
    added.push({ limit, id: outcome.id });
  }
  await sweep(ctx);
  return undefined;
}

/**
 * Counts one attempt against every limit before it is judged (parallel requests cannot slip
 * past); when one is full, throws 429 "{what}. Please try again in N minutes." (the full
 * limit's own `what`, else this one).
 */
export async function takeAttempt({ ctx, limits, what }: { ctx: AppContext; limits: Limit[]; what: string }): Promise<void> {
  const refused = await addToAll({ ctx, limits });
  if (refused) throw tooMany({ what: refused.full.what ?? what, seconds: refused.wait });
}

/** True when one more attempt is within every limit (and counts it). */
export async function tryAttempt({ ctx, limits }: { ctx: AppContext; limits: Limit[] }): Promise<boolean> {
  return (await addToAll({ ctx, limits })) === undefined;
}

/** Takes back one counted attempt that turned out fine. */
export async function refundAttempt({ ctx, limits }: { ctx: AppContext; limits: Limit[] }): Promise<void> {
  const dropNewest = ({ hits }: { hits: Hit[] }) => {
    const newest = hits.filter((hit) => !hit.pending).at(-1);
    return { hits: hits.filter((hit) => hit !== newest), result: undefined };
  };
  await Promise.all(limits.map((limit) => editLog({ ctx, limit, edit: dropNewest })));
}
