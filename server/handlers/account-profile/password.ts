import type { ChangePasswordData, ChangePasswordResponse } from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { PASSWORD_CHANGED, changePassword as change } from '../../services/account-profile/change-password';
import { signIn } from '../../services/accounts/session-auth';
import { toPublicUser } from '../../services/accounts/users';

export const changePassword = handler<ChangePasswordData, ChangePasswordResponse>(async ({ body, ctx, req }) => {
  const userId = requireUserId(req);
  const user = await change({ ctx, userId, ...body, keepSessionId: req.sessionID });
  // A new session id for this browser too: a copied cookie dies with the old password.
  await signIn({ req, userId });
  return { data: toPublicUser(user), message: PASSWORD_CHANGED };
});
