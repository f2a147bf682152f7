// Single-use tokens mailed in links (password reset, email confirmation). Only a SHA-256
// hash is stored, as the document id, so a leaked database cannot be used to take over
// accounts; consuming is one atomic findOneAndDelete, so a link works exactly once.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';

export const TOKENS = 'tokens';

export type TokenPurpose = 'reset' | 'confirm';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60 * 1000,
  confirm: 7 * 24 * 60 * 60 * 1000,
};

interface TokenDoc {
  _id: string;
  purpose: TokenPurpose;
  userId: string;
  expiresAt: string;
  created: string;
  [key: string]: unknown;
}

export const tokenIndexes: IndexSpec[] = [
  { collection: TOKENS, fields: { userId: 1, purpose: 1 } },
  { collection: TOKENS, fields: { expiresAt: 1 } },
];

const tokens = (ctx: AppContext): Collection<TokenDoc> => ctx.store.collection<TokenDoc>(TOKENS);

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token for the user; earlier tokens of the same purpose stop working. */
export async function issueToken({ ctx, userId, purpose }: { ctx: AppContext; userId: string; purpose: TokenPurpose }): Promise<string> {
  const now = ctx.now();
  const token = randomBytes(32).toString('base64url');
  await tokens(ctx).deleteMany({ $or: [{ userId, purpose }, { expiresAt: { $lte: now.toISOString() } }] });
  await tokens(ctx).insertOne({
    _id: hashToken(token),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]).toISOString(),
    created: now.toISOString(),
  });
  return token;
}

/** The user id the token was issued for, or null when unknown, used, expired or of another purpose. */
export async function consumeToken({ ctx, token, purpose }: { ctx: AppContext; token: string; purpose: TokenPurpose }): Promise<string | null> {
  const doc = await tokens(ctx).findOneAndDelete({
    _id: hashToken(token),
    purpose,
    expiresAt: { $gt: ctx.now().toISOString() },
  });
  return doc?.userId ?? null;
}
