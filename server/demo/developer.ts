// Demo data of the developer portal: two apps of the demo developer, one published, with a
// year of installations, subscriptions and charges across platforms so the dashboard charts
// have something to show. Idempotent: an app that already exists is left as it is.
import type { AppContext } from '../context';
import { findUserByEmail } from '../services/accounts/users';
import { apps, appUsers, charges, developers, integrations, subscriptions } from '../services/developer/model';
import type { AppDoc, AppUserDoc, ChargeDoc, SubscriptionDoc } from '../services/developer/model';
import { newAppSecret } from '../services/developer/apps';
import { seal } from '../services/developer/secrets';
import { requestCounters } from '../services/developer/install/model';
import { DEMO_DEVELOPER, DEMO_OWNER } from './accounts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PLATFORMS = ['nindo', 'nindo', 'shopify', 'shopify', 'wix', 'woocommerce', 'bigcommerce'];
const PLANS = [
  { planId: 'demo-basic', amount: 9.99 },
  { planId: 'demo-pro', amount: 19.99 },
  { planId: 'demo-business', amount: 49 },
];

/** Deterministic pseudo-random numbers (mulberry32), so every seeded database looks the same. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every so many demo users carry notes, so the user detail shows the notes list filled. */
const DEMO_NOTE_EVERY = 20;

const demoNotes = (i: number): NonNullable<AppUserDoc['notes']> => [
  { id: `note-${i}-1`, title: 'Onboarding call', description: 'Walked the store owner through the widget settings.' },
  ...(i % (DEMO_NOTE_EVERY * 2) === 0 ? [{ id: `note-${i}-2`, title: 'Asked about yearly billing' }] : []),
];

interface DemoAppSpec {
  appId: string;
  name: string;
  status: AppDoc['status'];
  installs: number;
  seed: number;
}

export const DEMO_APPS: DemoAppSpec[] = [
  { appId: 'demo-review-booster', name: 'Review Booster', status: 'published', installs: 240, seed: 7 },
  { appId: 'demo-countdown-timer', name: 'Countdown Timer', status: 'draft', installs: 35, seed: 11 },
];

function history({ ctx, spec }: { ctx: AppContext; spec: DemoAppSpec }): { users: AppUserDoc[]; subs: SubscriptionDoc[]; paid: ChargeDoc[] } {
  const next = random(spec.seed);
  const now = ctx.now().getTime();
  const users: AppUserDoc[] = [];
  const subs: SubscriptionDoc[] = [];
  const paid: ChargeDoc[] = [];
  for (let i = 0; i < spec.installs; i += 1) {
    // Skewed toward recent days: the app grows over the year.
    const installedAt = now - Math.floor((1 - Math.sqrt(next())) * 364 * DAY_MS) - Math.floor(next() * DAY_MS);
    const platform = PLATFORMS[Math.floor(next() * PLATFORMS.length)];
    const appUserId = `${spec.appId}-user-${i}`;
    const uninstalled = next() < 0.1;
    users.push({
      _id: appUserId,
      appId: spec.appId,
      accountName: `Demo Store ${i + 1}`,
      accountEmail: `store${i + 1}@demo-shops.example`,
      platform,
      platformUserId: `${platform}-${1000 + i}`,
      status: uninstalled ? 'uninstalled' : 'installed',
      ...(i % DEMO_NOTE_EVERY === 0 ? { notes: demoNotes(i) } : {}),
      created: new Date(installedAt).toISOString(),
    });
    if (uninstalled || next() > 0.45) continue;
    const plan = PLANS[Math.floor(next() * PLANS.length)];
    const subscribedAt = installedAt + Math.floor(next() * 5 * DAY_MS);
    if (subscribedAt > now) continue;
    const cancelled = next() < 0.15;
    subs.push({
      _id: `${appUserId}-sub`,
      appId: spec.appId,
      appUserId,
      planId: plan.planId,
      platform,
      platformSubscriptionId: `sub_demo_${spec.seed}_${i}`,
      status: cancelled ? 'canceled' : 'active',
      created: new Date(subscribedAt).toISOString(),
    });
    for (let at = subscribedAt, n = 0; at <= now && !(cancelled && n >= 2); at += 30 * DAY_MS, n += 1) {
      paid.push({
        _id: `${appUserId}-charge-${n}`,
        appId: spec.appId,
        appUserId,
        amount: plan.amount,
        currency: 'USD',
        platform,
        platformChargeId: `ch_demo_${spec.seed}_${i}_${n}`,
        ...(next() < 0.03 ? { status: 'refunded', refundedAmount: plan.amount } : { status: 'succeeded' }),
        planId: plan.planId,
        created: new Date(at).toISOString(),
      });
    }
  }
  return { users, subs, paid };
}

/**
 * The demo owner pays for the published app through stripe, the demo apps' payment
 * integration, so the user detail has a subscription to cancel or change and charges to refund.
 */
function ownerBilling({ ctx, appId, appUserId }: { ctx: AppContext; appId: string; appUserId: string }): { sub: SubscriptionDoc; paid: ChargeDoc[] } {
  const plan = PLANS[1];
  const start = ctx.now().getTime() - 90 * DAY_MS;
  const base = { appId, appUserId, planId: plan.planId, platform: 'stripe' };
  return {
    sub: { ...base, _id: `${appUserId}-sub`, platformSubscriptionId: `sub_demo_owner_${appId}`, status: 'active', created: new Date(start).toISOString() },
    paid: [0, 1, 2].map((n) => ({
      ...base,
      _id: `${appUserId}-charge-${n}`,
      amount: plan.amount,
      currency: 'USD',
      platformChargeId: `ch_demo_owner_${appId}_${n}`,
      status: 'succeeded',
      created: new Date(start + n * 30 * DAY_MS).toISOString(),
    })),
  };
}

async function seedApp({ ctx, spec, developerId, ownerUserId }: { ctx: AppContext; spec: DemoAppSpec; developerId: string; ownerUserId?: string }): Promise<void> {
  const now = ctx.now().toISOString();
  await apps(ctx).insertOne({
    _id: spec.appId,
    appId: spec.appId,
    name: spec.name,
    developerIds: [developerId],
    apiKey: spec.appId,
    secretKey: seal(ctx, newAppSecret()),
    scopes: ['read_products', 'read_store_info', 'read_orders', 'write_content'],
    endpoints: { authCallback: 'https://example.com/nindo/callback', authErrorCallback: 'https://example.com/nindo/error' },
    meta: {},
    status: spec.status,
    created: new Date(ctx.now().getTime() - 365 * DAY_MS).toISOString(),
    updated: now,
  });
  const { users, subs, paid } = history({ ctx, spec });
  if (ownerUserId && spec.status === 'published') {
    const appUserId = `${spec.appId}-demo-owner`;
    const joined = new Date(ctx.now().getTime() - 95 * DAY_MS).toISOString();
    users.push({ _id: appUserId, appId: spec.appId, accountName: DEMO_OWNER.fullName, accountEmail: DEMO_OWNER.email, platform: 'nindo', platformUserId: ownerUserId, status: 'installed', notes: demoNotes(0), created: joined });
    const billing = ownerBilling({ ctx, appId: spec.appId, appUserId });
    subs.push(billing.sub);
    paid.push(...billing.paid);
  }
  await appUsers(ctx).insertMany(users);
  if (subs.length > 0) await subscriptions(ctx).insertMany(subs);
  if (paid.length > 0) await charges(ctx).insertMany(paid);
  await integrations(ctx).insertOne({
    _id: `${spec.appId}-stripe`,
    appId: spec.appId,
    platform: 'stripe',
    isActive: true,
    useSystemIntegration: false,
    platformAppKeys: seal(ctx, JSON.stringify({ publishableKey: 'pk_test_demo', secretKey: 'sk_test_demo' })),
    created: now,
    updated: now,
  });
  const month = now.slice(0, 7);
  await requestCounters(ctx).insertOne({ _id: `${spec.appId}:${month}`, appId: spec.appId, month, count: Math.round(spec.installs * 7.5) });
}

export async function seedDeveloperPortal(ctx: AppContext): Promise<string[]> {
  const user = await findUserByEmail({ ctx, email: DEMO_DEVELOPER.email });
  const developer = user ? await developers(ctx).findOne({ userId: user._id }) : null;
  if (!developer) return [];
  const owner = await findUserByEmail({ ctx, email: DEMO_OWNER.email });
  for (const spec of DEMO_APPS) {
    if (await apps(ctx).findOne({ _id: spec.appId })) continue;
    await seedApp({ ctx, spec, developerId: developer._id, ownerUserId: owner?._id });
  }
  return [`Developer portal: ${DEMO_APPS.map((a) => `${a.name} (${a.status})`).join(', ')} for ${DEMO_DEVELOPER.email}`];
}
