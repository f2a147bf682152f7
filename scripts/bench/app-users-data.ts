// The app-users bench data: one developer with a planted session, an app with 100,000
// installations one minute apart over five platforms, and an app with 20 (the floor).
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../server/context';
import { SESSION_COOKIE } from '../../server/app';
import { appUsers, apps, developers } from '../../server/services/developer/model';
import type { AppUserDoc } from '../../server/services/developer/model';

export const BIG_APP = 'bench-app-100k';
export const SMALL_APP = 'bench-app-20';
export const USER_COUNT = 100_000;
export const SESSION_SECRET = 'bench-session-secret';
const SID = 'bench-session';
const USER_ID = 'bench-user';
const PLATFORMS = ['nindo', 'shopify', 'wix', 'woocommerce', 'bigcommerce'];

/** express-session's cookie: "s:" + id + "." + base64 HMAC-SHA256 without padding. */
export const sessionCookie = (): string =>
  `${SESSION_COOKIE}=${encodeURIComponent(`s:${SID}.${createHmac('sha256', SESSION_SECRET).update(SID).digest('base64').replace(/=+$/, '')}`)}`;

const appUser = (appId: string, i: number): AppUserDoc => ({
  _id: `${appId}-${i}`,
  appId,
  accountName: `Store ${i}`,
  accountEmail: `store${i}@shops.example`,
  platform: PLATFORMS[i % PLATFORMS.length],
  platformUserId: `p-${i}`,
  status: 'installed',
  created: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
});

export async function addApp({ ctx, appId, count }: { ctx: AppContext; appId: string; count: number }): Promise<void> {
  const now = ctx.now().toISOString();
  await apps(ctx).insertOne({ _id: appId, appId, name: appId, developerIds: ['bench-developer'], apiKey: appId, secretKey: '', scopes: [], endpoints: {}, meta: {}, status: 'draft', created: now, updated: now });
  for (let start = 0; start < count; start += 10_000) {
    await appUsers(ctx).insertMany(Array.from({ length: Math.min(10_000, count - start) }, (_, k) => appUser(appId, start + k)));
  }
}

/** The bench's signed-in developer: user, developer profile and the session sessionCookie() names. */
export async function seedBenchDeveloper(ctx: AppContext): Promise<void> {
  const now = ctx.now().toISOString();
  const expires = new Date(ctx.now().getTime() + 24 * 60 * 60 * 1000).toISOString();
  await ctx.store.collection('users').insertOne({ _id: USER_ID, email: 'bench@example.com', fullName: 'Bench', isConfirmed: true, isDeveloper: true, created: now, updated: now });
  await developers(ctx).insertOne({ _id: 'bench-developer', userId: USER_ID, name: 'Bench', email: 'bench@example.com', isActive: true, created: now });
  await ctx.store.collection('sessions').insertOne({
    _id: SID,
    data: { cookie: { originalMaxAge: 86400000, expires, httpOnly: true, path: '/' }, userId: USER_ID },
    userId: USER_ID,
    expiresAt: expires,
  });
}

export async function seedAppUsers(ctx: AppContext): Promise<void> {
  await seedBenchDeveloper(ctx);
  await addApp({ ctx, appId: BIG_APP, count: USER_COUNT });
  await addApp({ ctx, appId: SMALL_APP, count: 20 });
}
