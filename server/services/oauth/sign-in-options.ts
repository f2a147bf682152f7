// What the login and signup pages may offer: configured social providers and the captcha widget.
import type { Config } from '../../config';
import { providerSpecs, SOCIAL_PROVIDERS } from './providers';
import type { SocialProvider } from './providers';

export interface SignInOptions {
  providers: { id: SocialProvider; name: string; loginPath: string }[];
  captcha: { provider: NonNullable<Config['captcha']['provider']> | null; siteKey: string | null };
}

export const signInOptions = ({ config }: { config: Pick<Config, 'oauth' | 'captcha'> }): SignInOptions => ({
  providers: SOCIAL_PROVIDERS.filter((id) => config.oauth[id]).map((id) => ({
    id,
    name: providerSpecs[id].name,
    loginPath: `/auth/${id}`,
  })),
  captcha: { provider: config.captcha.provider ?? null, siteKey: config.captcha.provider ? (config.captcha.siteKey ?? null) : null },
});

/** The front-end page that reports the outcome to the opener window. */
export const postLoginPath = (params: Record<string, string | undefined>): string => {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return `/auth/post-login?${query.toString()}`;
};
