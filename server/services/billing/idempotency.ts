// Idempotency of the calls that can charge (issue 11): the first answer of a (user, operation,
// key) is stored and given again to a repeat; a repeat arriving while the first still runs is
// refused, so a double submit never charges twice. A failed call leaves no answer, so the buyer
// can retry: the same key reaches the provider, whose own idempotency keeps one charge.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { ConflictError } from '../../http/errors';
import { DuplicateKeyError } from '../../storage/port';
import { idempotencyKeys } from './model';

export const REQUEST_IN_PROGRESS = 'This request is already being processed.';

/** A run that has not finished after this long died with its instance; a repeat may take over. */
const STALE_RUN_MS = 2 * 60 * 1000;

export interface IdempotentCall<T> {
  ctx: AppContext;
  userId: string;
  operation: string;
  key: string;
  run: (providerKey: string) => Promise<T>;
}

/** Without a client key, the key follows from what makes the request the same one. */
export const derivedKey = (parts: readonly (string | number | undefined)[]): string =>
  `derived:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;

async function claim({ ctx, _id, userId, operation }: { ctx: AppContext; _id: string; userId: string; operation: string }): Promise<{ replay: unknown } | null> {
  const created = ctx.now().toISOString();
  try {
    await idempotencyKeys(ctx).insertOne({ _id, userId, operation, status: 'running', created });
    return null;
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  const earlier = await idempotencyKeys(ctx).findOne({ _id });
  if (earlier?.status === 'done') return { replay: earlier.answer };
  const staleBefore = new Date(ctx.now().getTime() - STALE_RUN_MS).toISOString();
  const taken = await idempotencyKeys(ctx).findOneAndUpdate({ _id, status: 'running', created: { $lt: staleBefore } }, { $set: { created } });
  if (!taken) throw new ConflictError(REQUEST_IN_PROGRESS);
  return null;
}

const idOf = (parts: readonly string[]): string => createHash('sha256').update(parts.join('\n')).digest('base64url');

/**
 * Runs `run` once per key; `providerKey` is what the payment provider gets as its own key. One run
 * of an operation at a time per user, whatever its key: two tabs (or a screen minting a key per
 * click) cannot charge twice by racing each other either.
 */
export async function once<T>({ ctx, userId, operation, key, run }: IdempotentCall<T>): Promise<T> {
  const _id = idOf([userId, operation, key]);
  const earlier = await claim({ ctx, _id, userId, operation });
  if (earlier) return earlier.replay as T;
  const lockId = idOf(['lock', userId, operation]);
  try {
    // The lock is never 'done': claiming it answers null, or 409 while another run holds it.
    await claim({ ctx, _id: lockId, userId, operation });
  } catch (err) {
    await idempotencyKeys(ctx).deleteOne({ _id });
    throw err;
  }
  try {
    const answer = await run(`${operation}:${_id}`);
    await idempotencyKeys(ctx).updateOne({ _id }, { $set: { status: 'done', answer } });
    return answer;
  } catch (err) {
    await idempotencyKeys(ctx).deleteOne({ _id });
    throw err;
  } finally {
    await idempotencyKeys(ctx).deleteOne({ _id: lockId });
  }
}
