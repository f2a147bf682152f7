import type {
  DeleteAccountData,
  DeleteAccountResponse,
  UpdateAccountData,
  UpdateAccountResponse,
} from '../../../generated/client/types.gen';
import { SESSION_COOKIE } from '../../app';
import { handler, requireUserId } from '../../http/handler';
import { ACCOUNT_DELETED, deleteAccount as removeAccount } from '../../services/account-profile/delete-account';
import { PROFILE_UPDATED, updateProfile } from '../../services/account-profile/profile';
import { signOut } from '../../services/accounts/session-auth';
import { toPublicUser } from '../../services/accounts/users';

export const updateAccount = handler<UpdateAccountData, UpdateAccountResponse>(async ({ body, ctx, req }) => ({
  data: toPublicUser(await updateProfile({ ctx, userId: requireUserId(req), input: body })),
  message: PROFILE_UPDATED,
}));

export const deleteAccount = handler<DeleteAccountData, DeleteAccountResponse>(async ({ ctx, req, res }) => {
  await removeAccount({ ctx, userId: requireUserId(req) });
  await signOut({ req });
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  return { data: null, message: ACCOUNT_DELETED };
});
