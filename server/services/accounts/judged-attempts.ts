// Limits that count failures only: wrong passwords, unknown accounts, wrong codes. While an
// attempt is judged it holds a place in the log (so parallel guesses cannot slip past the
// limit); a failure keeps the place, a success gives it back and wipes the earlier failures.
// When the log is full only because other attempts are still being judged, the next attempt
// waits for them instead of being refused: correct passwords sent in parallel all succeed.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Hit, Limit } from './rate-limit';
import { editLog, secondsUntilRoom, tooMany } from './rate-limit';

/** A hold older than this belongs to a request that died mid-way; it then counts as a failure. */
const JUDGING_MS = 30_000;
/** Polls for a free place start this often and back off to MAX_POLL_MS, sparing the store. */
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 250;
/** Real time an attempt waits for others being judged before it is refused after all. */
const MAX_WAIT_MS = 30_000;

const judging = (hit: Hit, now: number): boolean => hit.pending === true && hit.at > now - JUDGING_MS;

type HoldOutcome = { id: string } | { wait: number; busy: boolean };

async function hold({ ctx, limit, what }: { ctx: AppContext; limit: Limit; what: string }): Promise<string> {
  const started = Date.now();
  for (let poll = FIRST_POLL_MS; ; poll = Math.min(poll * 2, MAX_POLL_MS)) {
    const outcome = await editLog<HoldOutcome>({
      ctx,
      limit,
      edit: ({ hits, now }) => {
        if (hits.length >= limit.max) {
          return { result: { wait: secondsUntilRoom({ hits, limit, now }), busy: hits.some((hit) => judging(hit, now)) } };
        }
        const id = randomUUID();
        return { hits: [...hits, { id, at: now, pending: true }], result: { id } };
      },
    });
    if ('id' in outcome) return outcome.id;
    if (!outcome.busy || Date.now() - started > MAX_WAIT_MS) throw tooMany({ what, seconds: outcome.wait });
    await new Promise((resolve) => setTimeout(resolve, poll));
  }
}

const settle = ({ ctx, limit, id, ok }: { ctx: AppContext; limit: Limit; id: string; ok: boolean }) =>
  editLog({
    ctx,
    limit,
    edit: ({ hits, now }) => ({
      // A success leaves only the other attempts still being judged; a failure is kept, dated now.
      hits: ok ? hits.filter((hit) => hit.id !== id && hit.pending) : [...hits.filter((hit) => hit.id !== id), { id, at: now }],
      result: undefined,
    }),
  });

/**
 * Runs `judge` holding a place in `limit`'s log: a value is a success, null a failure.
 * Throws 429 "{what}. Please try again in N minutes." when the limit is reached by failures.
 * An error thrown by `judge` gives the place back (a server fault is not the user's failure).
 */
export async function judgeAttempt<T>({
  ctx,
  limit,
  what,
  judge,
}: {
  ctx: AppContext;
  limit: Limit;
  what: string;
  judge: () => Promise<T | null>;
}): Promise<T | null> {
  const id = await hold({ ctx, limit, what });
  let value: T | null;
  try {
    value = await judge();
  } catch (err) {
    await editLog({ ctx, limit, edit: ({ hits }) => ({ hits: hits.filter((hit) => hit.id !== id), result: undefined }) });
    throw err;
  }
  await settle({ ctx, limit, id, ok: value !== null });
  return value;
}

/** The failures in the log now (attempts still being judged left out). */
export const failuresIn = ({ ctx, limit }: { ctx: AppContext; limit: Limit }): Promise<{ hits: Hit[]; now: number }> =>
  editLog({ ctx, limit, edit: ({ hits, now }) => ({ result: { hits: hits.filter((hit) => !judging(hit, now)), now } }) });
