// Builds the openid-client Client for a configured provider. OIDC discovery results are
// cached per issuer URL: they are public metadata, identical on every instance.
import { Issuer } from 'openid-client';
import type { BaseClient } from 'openid-client';
import type { Config, OAuthClientConfig } from '../../config';
import { ValidationError } from '../../http/errors';
import { providerSpecs } from './providers';
import type { ProviderSpec, SocialProvider } from './providers';

const discovered = new Map<string, Promise<Issuer>>();

function discover(issuer: string): Promise<Issuer> {
  let pending = discovered.get(issuer);
  if (!pending) {
    pending = Issuer.discover(issuer);
    // A failed discovery is retried on the next sign-in rather than cached.
    pending.catch(() => discovered.delete(issuer));
    discovered.set(issuer, pending);
  }
  return pending;
}

async function issuerFor({ spec, settings }: { spec: ProviderSpec; settings: OAuthClientConfig }): Promise<Issuer> {
  if (spec.kind === 'oidc') return discover(settings.issuer ?? spec.issuer);
  return new Issuer({
    issuer: settings.issuer ?? spec.issuer,
    authorization_endpoint: settings.authorizationUrl ?? spec.authorizationUrl,
    token_endpoint: settings.tokenUrl ?? spec.tokenUrl,
    userinfo_endpoint: settings.userinfoUrl ?? spec.userinfoUrl,
  });
}

export const callbackUrl = ({ config, provider }: { config: Pick<Config, 'publicUrl'>; provider: SocialProvider }): string =>
  `${config.publicUrl}/auth/${provider}/callback`;

export function providerSettings({ config, provider }: { config: Pick<Config, 'oauth'>; provider: SocialProvider }): OAuthClientConfig {
  const settings = config.oauth[provider];
  if (!settings) throw new ValidationError(`Sign-in with ${providerSpecs[provider].name} is not available on this server`);
  return settings;
}

export async function oauthClient({ config, provider }: { config: Pick<Config, 'oauth' | 'publicUrl'>; provider: SocialProvider }): Promise<BaseClient> {
  const spec = providerSpecs[provider];
  const settings = providerSettings({ config, provider });
  const issuer = await issuerFor({ spec, settings });
  return new issuer.Client({
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    redirect_uris: [callbackUrl({ config, provider })],
    response_types: ['code'],
    // GitHub and Webflow read the client credentials from the form body.
    token_endpoint_auth_method: spec.kind === 'oidc' ? 'client_secret_basic' : 'client_secret_post',
  });
}
