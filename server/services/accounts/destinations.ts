// Where a user goes after signing in or up: a safe requested path, else by page and role.
import { isSafeRedirect } from '../../../rules/safe-redirect';
import type { UserDoc } from './users';

export const USER_HOME = '/dashboard';
export const DEVELOPER_HOME = '/developer/apps';
export const DEVELOPER_JOIN = '/developer/join';

export function destinationAfterSignIn({
  user,
  redirectUrl,
  developer,
}: {
  user: Pick<UserDoc, 'isDeveloper'>;
  redirectUrl?: string;
  developer?: boolean;
}): string {
  if (isSafeRedirect(redirectUrl)) return redirectUrl;
  if (developer) return user.isDeveloper ? DEVELOPER_HOME : DEVELOPER_JOIN;
  return USER_HOME;
}
