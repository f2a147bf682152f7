// App credentials (HTTP Basic) this process verified a moment ago, by a digest of the header: a
// call with the same header for the same app within VERIFIED_MS needs neither the app's read nor
// the secret's check. So a deleted app's credentials, or a replaced secret, still open its data on
// an instance that verified them for at most VERIFIED_MS (docs/public-data-api.md). Nothing here
// can let in a header that was not verified, and each instance keeps its own.
import { hash } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { Store } from '../../../storage/port';

export const VERIFIED_MS = 1000;
/** Headers a process keeps; past it the one kept longest is dropped. */
const MAX_VERIFIED = 10_000;

const verified = new WeakMap<Store, Map<string, { appId: string; at: number }>>();

function verifiedOf(store: Store): Map<string, { appId: string; at: number }> {
  let known = verified.get(store);
  if (!known) {
    known = new Map();
    verified.set(store, known);
  }
  return known;
}

/** crypto.hash: the one-shot digest, half the cost of a Hash object for a header this short. */
const keyOf = (authorization: string): string => hash('sha256', authorization, 'base64');

export function recentlyVerified({ ctx, appId, authorization }: { ctx: AppContext; appId: string; authorization: string }): boolean {
  const entry = verifiedOf(ctx.store).get(keyOf(authorization));
  return entry !== undefined && entry.appId === appId && ctx.now().getTime() - entry.at < VERIFIED_MS;
}

export function rememberVerified({ ctx, appId, authorization }: { ctx: AppContext; appId: string; authorization: string }): void {
  const known = verifiedOf(ctx.store);
  const key = keyOf(authorization);
  known.delete(key);
  if (known.size >= MAX_VERIFIED) known.delete(known.keys().next().value ?? '');
  known.set(key, { appId, at: ctx.now().getTime() });
}
