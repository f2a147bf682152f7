// The emailed links of workspace invitations (project and widget): the token is random, only
// its SHA-256 lives on the pending permission, it expires, and approving consumes it atomically
// (invitation-approval.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../http/errors';
import type { Collection } from '../../storage/port';
import type { ProjectPermissionDoc, WidgetPermissionDoc } from './model';

export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The toast of Resend invite: the invitation had been mailed before. */
export const INVITATION_SENT_AGAIN = 'Invitation sent again';

/** A link is mailed again at most this often per invitation: a resend storm would flood the invited inbox. */
export const RESEND_INTERVAL_MS = 60 * 1000;
export const resendTooSoon = (seconds: number): string =>
  `This invitation was just sent. Please wait ${seconds} seconds before sending it again.`;

/**
 * Sets a fresh token on the pending permission (an earlier link stops working) and returns it;
 * 429 when the invitation was mailed less than RESEND_INTERVAL_MS ago. The check and the write
 * are one conditional update, so two quick clicks mail once.
 */
export async function issueInvitationToken<T extends ProjectPermissionDoc | WidgetPermissionDoc>({
  ctx,
  collection,
  permission,
}: {
  ctx: AppContext;
  collection: Collection<T>;
  permission: T;
}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - RESEND_INTERVAL_MS).toISOString();
  const expires = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const { matched } = await collection.updateOne(
    { _id: permission._id, status: 'pending', $or: [{ mailedAt: { $exists: false } }, { mailedAt: { $lte: cutoff } }] },
    { $set: { tokenHash: hashToken(token), tokenExpires: expires, mailedAt: now.toISOString() } },
  );
  if (matched === 0) {
    const latest = await collection.findOne({ _id: permission._id });
    const mailedAt = typeof latest?.mailedAt === 'string' ? Date.parse(latest.mailedAt) : now.getTime();
    const seconds = Math.max(1, Math.ceil((mailedAt + RESEND_INTERVAL_MS - now.getTime()) / 1000));
    throw new TooManyRequestsError(resendTooSoon(seconds), seconds);
  }
  return token;
}
