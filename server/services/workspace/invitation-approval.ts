// Approving a mailed workspace invitation (project or widget). A link is bound to the address it
// was mailed to: only a session of the account with that email, confirmed, may approve it. Anyone
// else holding the link (a forward, a leak) is refused and the invitation stays pending, and so
// does an unconfirmed account, or anyone could sign up with the invited address and approve.
import type { AppContext } from '../../context';
import { ForbiddenError, ValidationError } from '../../http/errors';
import type { Collection } from '../../storage/port';
import { findUserByEmail, findUserById, normalizeEmail } from '../accounts/users';
import type { UserDoc } from '../accounts/users';
import { hashToken } from './invitation-tokens';
import type { ProjectPermissionDoc, WidgetPermissionDoc } from './model';

export const INVITATION_INVALID = 'This invitation link is invalid or has expired.';
export const INVITATION_FOR_ANOTHER_ACCOUNT = 'This invitation was sent to another email address. Log in with that address to accept it.';
export const INVITATION_NEEDS_CONFIRMED_EMAIL =
  'Please confirm your email address to accept this invitation: open the confirmation link we mailed you, then this invitation link again.';

type Invitation = ProjectPermissionDoc | WidgetPermissionDoc;

const liveInvitation = ({ ctx, token }: { ctx: AppContext; token: string }) => ({
  tokenHash: hashToken(token),
  status: 'pending' as const,
  tokenExpires: { $gt: ctx.now().toISOString() },
});

async function findLiveInvitation<T extends Invitation>({ ctx, collection, token }: { ctx: AppContext; collection: Collection<T>; token: string }): Promise<T> {
  const invitation = await collection.findOne(liveInvitation({ ctx, token }));
  if (!invitation) throw new ValidationError(INVITATION_INVALID);
  return invitation;
}

/**
 * Whom the link invites, for the page a signed-out visitor opens: the address to fill in and
 * whether it logs in or signs up. The link holder learns the address the link was mailed to.
 */
export async function describeInvitation<T extends Invitation>({
  ctx,
  collection,
  token,
}: {
  ctx: AppContext;
  collection: Collection<T>;
  token: string;
}): Promise<{ email: string; hasAccount: boolean }> {
  const { email } = await findLiveInvitation({ ctx, collection, token });
  return { email, hasAccount: (await findUserByEmail({ ctx, email })) !== null };
}

/**
 * Turns the pending invitation of this token active for the signed-in account, if its confirmed
 * email is the invited one (case-insensitive); 400 when the token is unknown, used or expired.
 */
export async function approveInvitation<T extends Invitation>({
  ctx,
  collection,
  token,
  userId,
}: {
  ctx: AppContext;
  collection: Collection<T>;
  token: string;
  userId: string;
}): Promise<{ invitation: T; account: UserDoc }> {
  const [invitation, account] = await Promise.all([findLiveInvitation({ ctx, collection, token }), findUserById({ ctx, id: userId })]);
  if (!account || normalizeEmail(account.email) !== invitation.email) throw new ForbiddenError(INVITATION_FOR_ANOTHER_ACCOUNT);
  if (!account.isConfirmed) throw new ForbiddenError(INVITATION_NEEDS_CONFIRMED_EMAIL);
  const now = ctx.now().toISOString();
  // The filter repeats the binding: a link resent in between has another hash and fails here.
  const approved = await collection.findOneAndUpdate(
    { ...liveInvitation({ ctx, token }), _id: invitation._id, email: invitation.email },
    { $set: { status: 'active', userId, updated: now }, $unset: { tokenHash: '', tokenExpires: '' } },
    { returnDocument: 'after' },
  );
  if (!approved) throw new ValidationError(INVITATION_INVALID);
  return { invitation: approved, account };
}
