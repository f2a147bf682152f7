// Whether the credentials that set a stream's subscriptions still hold (docs/public-data-api.md,
// "Live changes"). A stream outlives the POST that subscribed it, so a store that uninstalls the
// app, an install token that expires or dies with its installation, or an App Secret rotated
// after a leak would otherwise keep receiving events for up to the stream's longest life. The
// hub asks this every recheckMs and ends the streams whose grant is gone, as the next call with
// those credentials would be refused. Only digests are kept: never a token or a secret.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import { apps, appUsers } from '../../developer/model';
import type { AppDoc } from '../../developer/model';
import { appTokens, digest } from '../../developer/install/model';

/** token: the install token's id (its SHA-256, as stored); secret: a digest of the sealed App Secret, which rotation changes. */
export type LiveGrant = { kind: 'token'; tokenId: string } | { kind: 'secret'; appId: string; tag: string };

export const REVOKED_MESSAGE = 'The credentials of these subscriptions no longer hold (the token expired or was revoked, the app was uninstalled or deleted): subscribe again';

const secretTag = (app: Pick<AppDoc, 'secretKey'>): string => createHash('sha256').update(String(app.secretKey)).digest('base64url').slice(0, 22);

/** The grant behind an Authorization header already accepted for this app; none for a portal session (checked on each POST only). */
export async function grantOf({ ctx, appId, authorization = '' }: { ctx: AppContext; appId: string; authorization?: string }): Promise<LiveGrant | undefined> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return { kind: 'token', tokenId: digest(bearer[1]) };
  if (!/^Basic\s/i.test(authorization)) return undefined;
  const app = await apps(ctx).findOne({ _id: appId });
  return app ? { kind: 'secret', appId, tag: secretTag(app) } : undefined;
}

const key = (grant: LiveGrant): string => (grant.kind === 'token' ? `t:${grant.tokenId}` : `s:${grant.appId}:${grant.tag}`);

/** Of these grants, the keys of those still good: one read per kind of record, whatever their number. */
async function liveKeys({ ctx, grants }: { ctx: AppContext; grants: LiveGrant[] }): Promise<Set<string>> {
  const now = ctx.now().toISOString();
  const tokenIds = grants.flatMap((g) => (g.kind === 'token' ? [g.tokenId] : []));
  const appIds = grants.flatMap((g) => (g.kind === 'secret' ? [g.appId] : []));
  const tokens = tokenIds.length > 0 ? (await appTokens(ctx).find({ _id: { $in: [...new Set(tokenIds)] } })).filter((t) => t.expiresAt > now) : [];
  // A token dies with its installation: a reinstall has a new installId.
  const installed = tokens.length > 0 ? await appUsers(ctx).find({ _id: { $in: [...new Set(tokens.map((t) => t.appUserId))] }, status: 'installed' }) : [];
  const installIds = new Map(installed.map((u) => [u._id, u.installId]));
  const keys = new Set(tokens.filter((t) => installIds.get(t.appUserId) === t.installId).map((t) => `t:${t._id}`));
  const owners = appIds.length > 0 ? await apps(ctx).find({ _id: { $in: [...new Set(appIds)] } }) : [];
  for (const app of owners) keys.add(`s:${app._id}:${secretTag(app)}`);
  return keys;
}

/** Those of `held` whose grant no longer holds. */
export async function revoked<T extends { grant?: LiveGrant }>({ ctx, held }: { ctx: AppContext; held: T[] }): Promise<T[]> {
  const granted = held.filter((h): h is T & { grant: LiveGrant } => h.grant !== undefined);
  if (granted.length === 0) return [];
  const good = await liveKeys({ ctx, grants: granted.map((h) => h.grant) });
  return granted.filter((h) => !good.has(key(h.grant)));
}
