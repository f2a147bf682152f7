import type { GetSessionData, GetSessionResponse, LogoutUserData, LogoutUserResponse } from '../../../generated/client/types.gen';
import { SESSION_COOKIE } from '../../app';
import { handler } from '../../http/handler';
import { signOut } from '../../services/accounts/session-auth';
import { findUserById, toPublicUser } from '../../services/accounts/users';

export const getSession = handler<GetSessionData, GetSessionResponse>(async ({ ctx, req }) => {
  const userId = req.session?.userId;
  const user = userId ? await findUserById({ ctx, id: userId }) : null;
  return { data: user ? toPublicUser(user) : null };
});

export const logoutUser = handler<LogoutUserData, LogoutUserResponse>(async ({ req, res }) => {
  await signOut({ req });
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  return { data: null, message: 'Logged out' };
});
