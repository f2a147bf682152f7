// The emailed links of workspace invitations (project and widget): the token is random, only
// its SHA-256 lives on the pending permission, it expires, and approving consumes it atomically.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Collection } from '../../storage/port';
import type { ProjectPermissionDoc, WidgetPermissionDoc } from './model';

export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Sets a fresh token on the pending permission (an earlier link stops working) and returns it. */
export async function issueInvitationToken<T extends ProjectPermissionDoc | WidgetPermissionDoc>({
  ctx,
  collection,
  permissionId,
}: {
  ctx: AppContext;
  collection: Collection<T>;
  permissionId: string;
}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(ctx.now().getTime() + INVITATION_TTL_MS).toISOString();
  await collection.updateOne({ _id: permissionId, status: 'pending' }, { $set: { tokenHash: hashToken(token), tokenExpires: expires } });
  return token;
}

/**
 * Turns the pending permission of this token active for the approving account; null when the
 * token is unknown, used or expired.
 */
export async function approveInvitation<T extends ProjectPermissionDoc | WidgetPermissionDoc>({
  ctx,
  collection,
  token,
  userId,
}: {
  ctx: AppContext;
  collection: Collection<T>;
  token: string;
  userId: string;
}): Promise<T | null> {
  const now = ctx.now().toISOString();
  return collection.findOneAndUpdate(
    { tokenHash: hashToken(token), status: 'pending', tokenExpires: { $gt: now } },
    { $set: { status: 'active', userId, updated: now }, $unset: { tokenHash: '', tokenExpires: '' } },
    { returnDocument: 'after' },
  );
}
