// Guards signed-in screens: asks the server who is signed in and sends visitors to the
// login page with a redirectUrl back to where they were (a same-origin path).
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { getSessionOptions } from '../../../generated/client/@tanstack/react-query.gen';
import type { AccountUser } from '../../../generated/client/types.gen';
import { FirstPaint } from './FirstPaint';

export type SessionUser = AccountUser;

export function useSession() {
  return useQuery(getSessionOptions());
}

export function loginPathFor({ loginPath, pathname, search }: { loginPath: string; pathname: string; search: string }): string {
  return `${loginPath}?redirectUrl=${encodeURIComponent(pathname + search)}`;
}

interface RequireSessionProps {
  children: (user: SessionUser) => ReactNode;
  loginPath?: string;
}

export function RequireSession({ children, loginPath = '/login' }: RequireSessionProps) {
  const { data, isPending, isError } = useSession();
  const location = useLocation();
  // The shell's shape, as the first paint drew it, until the server says who is signed in.
  if (isPending) return <FirstPaint />;
  const user = isError ? null : data.data;
  if (!user) return <Navigate to={loginPathFor({ loginPath, ...location })} replace />;
  return children(user);
}
