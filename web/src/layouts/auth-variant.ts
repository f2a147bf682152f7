// Auth pages live under optional /embed and /developer prefixes (spec 003) and carry
// the search string over, so a redirectUrl or serviceName survives moving between them.
import { useLocation } from 'react-router';

export type AuthScreen = 'login' | 'signup' | 'forgot';

export interface AuthVariant {
  embed: boolean;
  developer: boolean;
  search: string;
  /** The same variant's path to another auth screen, keeping the search string. */
  linkTo: (screen: AuthScreen) => string;
}

export function authVariantOf({ pathname, search }: { pathname: string; search: string }): AuthVariant {
  const embed = pathname.startsWith('/embed/');
  const developer = /^(\/embed)?\/developer\//.test(pathname);
  const prefix = `${embed ? '/embed' : ''}${developer ? '/developer' : ''}`;
  return { embed, developer, search, linkTo: (screen) => `${prefix}/${screen}${search}` };
}

export function useAuthVariant(): AuthVariant {
  const location = useLocation();
  return authVariantOf(location);
}
