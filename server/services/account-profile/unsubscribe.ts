// The CRM unsubscribe link (/unsubscribe?guid&email). The guid is the account's own random
// id for this link, so knowing an email address is not enough to unsubscribe someone.
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import { normalizeEmail, users } from '../accounts/users';

export const UNSUBSCRIBED = 'You have been unsubscribed from our marketing emails';
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is invalid.';

/** Idempotent. An unknown email and a wrong guid answer alike. */
export async function unsubscribe({ ctx, guid, email }: { ctx: AppContext; guid: string; email: string }): Promise<{ email: string }> {
  const user = await users(ctx).findOneAndUpdate(
    { email: normalizeEmail(email), unsubscribeGuid: guid },
    { $set: { subscribed: false, updated: ctx.now().toISOString() } },
  );
  if (!user) throw new ValidationError(UNSUBSCRIBE_INVALID);
  return { email: user.email };
}
