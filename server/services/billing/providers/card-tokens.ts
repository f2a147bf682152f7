// Card tokens (GET /api/bluesnap/getToken): a single-use, expiring handle for one filling of the
// hosted card fields. The fields vault the card against it; startSubscription uses it once. Kept in
// our store for every card adapter, so any instance can serve each step.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { Collection } from '../../../storage/port';
import type { CardBrand } from '../../../../rules/billing-card-errors';
import { BillingProviderError } from './port';
import type { CardAdapterName } from './port';

/** Long enough to fill in a checkout form, short enough that a forgotten tab cannot pay later. */
export const CARD_TOKEN_TTL_MS = 30 * 60 * 1000;
export const SESSION_EXPIRED = 'Session expired please refresh page to continue';

export interface CardTokenDoc {
  _id: string;
  adapter: CardAdapterName;
  /** The user it was issued to: only they can start a subscription with it. */
  userId: string;
  status: 'issued' | 'vaulted' | 'used';
  expiresAt: string;
  paymentMethodRef?: string;
  brand?: CardBrand;
  last4?: string;
  /** The startSubscription call that used the token: its retry gets the same answer. */
  usedBy?: string;
  created: string;
  [key: string]: unknown;
}

export const cardTokens = (ctx: AppContext): Collection<CardTokenDoc> => ctx.store.collection<CardTokenDoc>('billing_card_tokens');

export async function issueCardTokenFor({ ctx, adapter, userId }: { ctx: AppContext; adapter: CardAdapterName; userId: string }): Promise<string> {
  const now = ctx.now();
  const token = `cft_${randomBytes(18).toString('base64url')}`;
  await cardTokens(ctx).insertOne({
    _id: token,
    adapter,
    userId,
    status: 'issued',
    expiresAt: new Date(now.getTime() + CARD_TOKEN_TTL_MS).toISOString(),
    created: now.toISOString(),
  });
  return token;
}

/** A token the fields may still vault a card against; null when unknown, expired or already filled. */
export async function openCardToken({ ctx, token }: { ctx: AppContext; token: string }): Promise<CardTokenDoc | null> {
  const doc = await cardTokens(ctx).findOne({ _id: token });
  if (!doc || doc.status !== 'issued' || doc.expiresAt <= ctx.now().toISOString()) return null;
  return doc;
}

/** Records the vaulted card; false when another submit got there first. */
export async function markCardVaulted({
  ctx,
  token,
  paymentMethodRef,
  brand,
  last4,
}: {
  ctx: AppContext;
  token: string;
  paymentMethodRef: string;
  brand: CardBrand;
  last4: string;
}): Promise<boolean> {
  const { modified } = await cardTokens(ctx).updateOne({ _id: token, status: 'issued' }, { $set: { status: 'vaulted', paymentMethodRef, brand, last4 } });
  return modified === 1;
}

/** The payment method a vaulted token carries, once; a retry with the same idempotency key gets it again. */
export async function spendCardToken({
  ctx,
  adapter,
  userId,
  token,
  idempotencyKey,
}: {
  ctx: AppContext;
  adapter: CardAdapterName;
  userId: string;
  token: string;
  idempotencyKey: string;
}): Promise<string> {
  const used = await cardTokens(ctx).findOneAndUpdate(
    { _id: token, adapter, userId, status: 'vaulted', expiresAt: { $gt: ctx.now().toISOString() } },
    { $set: { status: 'used', usedBy: idempotencyKey } },
    { returnDocument: 'after' },
  );
  const doc = used ?? (await cardTokens(ctx).findOne({ _id: token, adapter, userId, status: 'used', usedBy: idempotencyKey }));
  if (!doc?.paymentMethodRef) throw new BillingProviderError(adapter, SESSION_EXPIRED, true);
  return doc.paymentMethodRef;
}
