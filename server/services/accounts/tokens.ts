// Single-use tokens mailed in links (password reset, email confirmation, cancellation feedback). Only a SHA-256
// hash is stored, as the document id, so a leaked database cannot be used to take over
// accounts; consuming is one atomic findOneAndDelete, so a link works exactly once.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';

export const TOKENS = 'tokens';

export type TokenPurpose = 'reset' | 'confirm' | 'feedback';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60 * 1000,
  confirm: 7 * 24 * 60 * 60 * 1000,
  feedback: 30 * 24 * 60 * 60 * 1000,
};

interface TokenDoc {
  _id: string;
  purpose: TokenPurpose;
  userId: string;
  /** What the token is about beyond the user (the cancelled subscription of a feedback link). */
  subjectId?: string;
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

/** A new token for the user (and subject); earlier tokens of the same purpose (and subject) stop working. */
export async function issueToken({
  ctx,
  userId,
  purpose,
  subjectId,
}: {
  ctx: AppContext;
  userId: string;
  purpose: TokenPurpose;
  subjectId?: string;
}): Promise<string> {
  const now = ctx.now();
  const token = randomBytes(32).toString('base64url');
  const earlier = subjectId === undefined ? { userId, purpose } : { userId, purpose, subjectId };
  await tokens(ctx).deleteMany({ $or: [earlier, { expiresAt: { $lte: now.toISOString() } }] });
  await tokens(ctx).insertOne({
    _id: hashToken(token),
    purpose,
    userId,
    ...(subjectId === undefined ? {} : { subjectId }),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]).toISOString(),
    created: now.toISOString(),
  });
  return token;
}

/** Whom (and what) the token was issued for, or null when unknown, used, expired or of another purpose. */
export async function consumeTokenGrant({
  ctx,
  token,
  purpose,
}: {
  ctx: AppContext;
  token: string;
  purpose: TokenPurpose;
}): Promise<{ userId: string; subjectId?: string } | null> {
  const doc = await tokens(ctx).findOneAndDelete({
    _id: hashToken(token),
    purpose,
    expiresAt: { $gt: ctx.now().toISOString() },
  });
  return doc ? { userId: doc.userId, subjectId: doc.subjectId } : null;
}

/** The user id the token was issued for, or null when unknown, used, expired or of another purpose. */
export async function consumeToken({ ctx, token, purpose }: { ctx: AppContext; token: string; purpose: TokenPurpose }): Promise<string | null> {
  return (await consumeTokenGrant({ ctx, token, purpose }))?.userId ?? null;
}
