// Who signed in: the provider's user id, a usable email, and a display name, read from
// the ID token (OIDC) or the provider's user API (OAuth2).
import type { BaseClient, TokenSet } from 'openid-client';
import { ValidationError } from '../../http/errors';
import type { ProviderSpec } from './providers';

export interface SocialProfile {
  providerUserId: string;
  email: string;
  fullName: string;
}

type Claims = Record<string, unknown>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const idText = (v: unknown): string | undefined => (typeof v === 'number' ? String(v) : text(v));

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub hides private addresses from /user; /user/emails lists them with their verification. */
async function githubVerifiedEmail({ userinfoUrl, accessToken }: { userinfoUrl: string; accessToken: string }): Promise<string | undefined> {
  const res = await fetch(`${userinfoUrl}/emails`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/vnd.github+json', 'User-Agent': 'nindo' },
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) return undefined;
  const emails = (await res.json()) as GithubEmail[];
  const verified = emails.filter((e) => e.verified);
  return (verified.find((e) => e.primary) ?? verified[0])?.email;
}

async function oauth2Claims({ spec, client, tokenSet }: { spec: ProviderSpec; client: BaseClient; tokenSet: TokenSet }): Promise<Claims> {
  const info: Claims = await client.userinfo(tokenSet.access_token ?? '');
  if (spec.id === 'github') {
    const userinfoUrl = client.issuer.metadata.userinfo_endpoint ?? '';
    const email = await githubVerifiedEmail({ userinfoUrl, accessToken: tokenSet.access_token ?? '' });
    return { sub: info.id, email: email ?? info.email, name: text(info.name) ?? text(info.login) };
  }
  // Webflow: GET /v2/token/authorized_by -> {id, email, firstName, lastName}.
  const name = [text(info.firstName), text(info.lastName)].filter(Boolean).join(' ');
  return { sub: info.id, email: info.email, name };
}

async function oidcClaims({ client, tokenSet }: { client: BaseClient; tokenSet: TokenSet }): Promise<Claims> {
  const claims: Claims = tokenSet.claims();
  // Some issuers put email only in userinfo (scope claims are not always in the ID token).
  if (text(claims.email)) return claims;
  return { ...claims, ...(await client.userinfo(tokenSet)) };
}

export async function readProfile({ spec, client, tokenSet }: { spec: ProviderSpec; client: BaseClient; tokenSet: TokenSet }): Promise<SocialProfile> {
  const claims = spec.kind === 'oidc' ? await oidcClaims({ client, tokenSet }) : await oauth2Claims({ spec, client, tokenSet });
  const providerUserId = idText(claims.sub);
  const email = text(claims.email);
  if (!providerUserId) throw new ValidationError(`${spec.name} did not say who you are. Please try again.`);
  if (!email) throw new ValidationError(`Your ${spec.name} account has no email address we can use`);
  if (claims.email_verified === false) throw new ValidationError(`Your ${spec.name} email address is not verified`);
  return { providerUserId, email, fullName: text(claims.name) ?? email.split('@')[0] ?? email };
}
