// The users collection: reads, writes and the public shape sent to clients.
import { randomUUID } from 'node:crypto';
import type { AccountUser } from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';

export const USERS = 'users';

export type SocialProvider = 'google' | 'github' | 'webflow';

export interface UserDoc {
  _id: string;
  /** Lower-cased; unique. */
  email: string;
  fullName: string;
  /** argon2id; absent for accounts created through a social provider only. */
  passwordHash?: string;
  isConfirmed: boolean;
  isSubscribe: boolean;
  subscribed: boolean;
  thumbnail?: string;
  isDeveloper: boolean;
  /** secretEnc is sealed with secret-box; lastStep is the last accepted TOTP step (no replay). */
  mfa?: { secretEnc: string; enabled: boolean; lastStep?: number };
  socialIds?: Partial<Record<SocialProvider, string>>;
  serviceName?: string;
  /** Random; authenticates the CRM unsubscribe link (/unsubscribe?guid&email). Absent on accounts made before it existed. */
  unsubscribeGuid?: string;
  created: string;
  updated: string;
  [key: string]: unknown;
}

export const userIndexes: IndexSpec[] = [
  { collection: USERS, fields: { email: 1 }, unique: true },
  { collection: USERS, fields: { 'socialIds.google': 1 } },
  { collection: USERS, fields: { 'socialIds.github': 1 } },
  { collection: USERS, fields: { 'socialIds.webflow': 1 } },
];

export const users = (ctx: AppContext): Collection<UserDoc> => ctx.store.collection<UserDoc>(USERS);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The account as sent to clients: rules for the derived fields; the response schema drops hashes and secrets. */
export const toPublicUser = (user: UserDoc): AccountUser => ({
  ...user,
  id: user._id,
  thumbnail: user.thumbnail || undefined,
  mfaEnabled: user.mfa?.enabled === true,
  hasPassword: Boolean(user.passwordHash),
});

export const findUserById = ({ ctx, id }: { ctx: AppContext; id: string }): Promise<UserDoc | null> =>
  users(ctx).findOne({ _id: id });

export const findUserByEmail = ({ ctx, email }: { ctx: AppContext; email: string }): Promise<UserDoc | null> =>
  users(ctx).findOne({ email: normalizeEmail(email) });

export async function insertUser({
  ctx,
  email,
  fullName,
  passwordHash,
  isConfirmed,
  serviceName,
  socialIds,
}: {
  ctx: AppContext;
  email: string;
  fullName: string;
  passwordHash?: string;
  isConfirmed: boolean;
  serviceName?: string;
  socialIds?: UserDoc['socialIds'];
}): Promise<UserDoc> {
  const now = ctx.now().toISOString();
  const user: UserDoc = {
    _id: randomUUID(),
    email: normalizeEmail(email),
    fullName: fullName.trim(),
    ...(passwordHash ? { passwordHash } : {}),
    isConfirmed,
    isSubscribe: true,
    subscribed: true,
    isDeveloper: false,
    ...(serviceName ? { serviceName } : {}),
    ...(socialIds ? { socialIds } : {}),
    unsubscribeGuid: randomUUID(),
    created: now,
    updated: now,
  };
  return users(ctx).insertOne(user);
}

export async function updateUser({ ctx, id, set }: { ctx: AppContext; id: string; set: Partial<UserDoc> }): Promise<UserDoc | null> {
  return users(ctx).findOneAndUpdate({ _id: id }, { $set: { ...set, updated: ctx.now().toISOString() } });
}

/**
 * For social login: the account linked to this provider id, else the account with this
 * (provider-verified) email, which gets linked, else a new confirmed account without a password.
 */
export async function findOrCreateSocialUser({
  ctx,
  provider,
  providerUserId,
  email,
  fullName,
}: {
  ctx: AppContext;
  provider: SocialProvider;
  providerUserId: string;
  email: string;
  fullName: string;
}): Promise<{ user: UserDoc; isNew: boolean }> {
  const linked = await users(ctx).findOne({ [`socialIds.${provider}`]: providerUserId });
  if (linked) return { user: linked, isNew: false };
  const byEmail = await findUserByEmail({ ctx, email });
  if (byEmail) {
    const user = await updateUser({ ctx, id: byEmail._id, set: { [`socialIds.${provider}`]: providerUserId, isConfirmed: true } });
    return { user: user ?? byEmail, isNew: false };
  }
  try {
    const user = await insertUser({ ctx, email, fullName: fullName || email, isConfirmed: true, socialIds: { [provider]: providerUserId } });
    return { user, isNew: true };
  } catch (err) {
    // Two first logins at once: the other request created it.
    if (!(err instanceof DuplicateKeyError)) throw err;
    const user = await findUserByEmail({ ctx, email });
    if (!user) throw err;
    return { user, isNew: false };
  }
}
