// The social login providers. Google speaks OpenID Connect (discovered from its issuer,
// or any OIDC issuer set by OAUTH_GOOGLE_ISSUER); GitHub and Webflow are plain OAuth2
// with fixed endpoints, each overridable by configuration.
import type { SocialProvider } from '../accounts/users';

export type { SocialProvider };

interface ProviderBase {
  id: SocialProvider;
  name: string;
  scope: string;
}

export interface OidcProvider extends ProviderBase {
  kind: 'oidc';
  issuer: string;
}

export interface OAuth2Provider extends ProviderBase {
  kind: 'oauth2';
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export type ProviderSpec = OidcProvider | OAuth2Provider;

export const providerSpecs: Record<SocialProvider, ProviderSpec> = {
  google: { id: 'google', name: 'Google', kind: 'oidc', issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  github: {
    id: 'github',
    name: 'GitHub',
    kind: 'oauth2',
    issuer: 'https://github.com',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scope: 'read:user user:email',
  },
  webflow: {
    id: 'webflow',
    name: 'Webflow',
    kind: 'oauth2',
    issuer: 'https://webflow.com',
    authorizationUrl: 'https://webflow.com/oauth/authorize',
    tokenUrl: 'https://api.webflow.com/oauth/access_token',
    userinfoUrl: 'https://api.webflow.com/v2/token/authorized_by',
    scope: 'authorized_user:read',
  },
};

/** Button order on the login page. */
export const SOCIAL_PROVIDERS: SocialProvider[] = ['google', 'github', 'webflow'];
