// Paced logins from a busy address (docs/accounts.md): once an address has BUSY_ADDRESS_FAILURES
// failures in its window and no captcha provider is configured, it gets one judged login at a
// time, each turn loginPaceSeconds after the last failed one. The turn is claimed before the
// password is checked, so a burst gets one guess, and an attempt before its turn is answered 429
// with Retry-After having checked nothing, so it tells nothing. The state is a log in the store
// (rate-limit.ts), not in memory, so every instance paces the same address together.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../http/errors';
import type { LoginLimits } from './limits';
import { loginPaceSeconds } from './limits';
import { editLog } from './rate-limit';

export const tooManyFromAddress = (seconds: number): TooManyRequestsError =>
  new TooManyRequestsError(`Too many failed logins from your network. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`, seconds);

/**
 * Claims the address's next turn (held while the attempt is judged; a request that dies keeps it,
 * like a failure), or throws 429 with the seconds until the turn comes.
 */
export async function takeLoginTurn({ ctx, limits, failures }: { ctx: AppContext; limits: LoginLimits; failures: number }): Promise<string> {
  const paceMs = loginPaceSeconds(failures) * 1000;
  const outcome = await editLog<{ id: string } | { wait: number }>({
    ctx,
    limit: limits.turns,
    edit: ({ hits, now }) => {
      const next = Math.max(-Infinity, ...hits.map((hit) => hit.at)) + paceMs;
      if (now < next) return { result: { wait: Math.ceil((next - now) / 1000) } };
      const id = randomUUID();
      return { hits: [...hits, { id, at: now, pending: true as const }].slice(-limits.turns.max), result: { id } };
    },
  });
  if ('wait' in outcome) throw tooManyFromAddress(outcome.wait);
  return outcome.id;
}

/** A failure keeps the turn, dated now, so the next one is a pace later; a success or a refusal gives it back. */
export const endLoginTurn = ({ ctx, limits, id, failed }: { ctx: AppContext; limits: LoginLimits; id: string; failed: boolean }): Promise<void> =>
  editLog({
    ctx,
    limit: limits.turns,
    edit: ({ hits, now }) => ({
      hits: failed ? hits.map((hit) => (hit.id === id ? { id, at: now } : hit)) : hits.filter((hit) => hit.id !== id),
      result: undefined,
    }),
  });
