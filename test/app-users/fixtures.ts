// An app with a connected stripe integration, two plans connected to stripe, and one app user
// with a subscription and charges; a fake payment provider put in the registry's adapter table.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../server/context';
import type { TestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { appUsers, charges, subscriptions } from '../../server/services/developer/model';
import type { AppUserDoc, ChargeDoc, SubscriptionDoc } from '../../server/services/developer/model';
import { planConnections, plans } from '../../server/services/payments/model';
import type { PlanDoc } from '../../server/services/payments/model';
import type { PricingVariant } from '../../generated/client/types.gen';
import { ADAPTERS } from '../../server/services/payments/providers/registry';
import type { PaymentProvider } from '../../server/services/payments/providers/port';

export const usersPath = (appId: string, rest = ''): string => `/integrations/developer/apps/${appId}/users${rest}`;

export interface Owner {
  agent: Agent;
  appId: string;
}

export async function ownerWithApp({ t, email = 'owner@example.com' }: { t: TestApp; email?: string }): Promise<Owner> {
  const { agent } = await signInAs({ app: t.app, ctx: t.ctx, email });
  const appId = await createAppAs({ agent, name: 'Billing App' });
  await agent.put(`/integrations/developer/apps/${appId}/integrations/stripe`).send({ isActive: true, platformAppKeys: { publishableKey: 'pk_1', secretKey: 'sk_1' } }).expect(200);
  return { agent, appId };
}

/** An owner whose app has a webhook and two plans: basic (monthly 10) and pro (monthly 30, yearly 300). */
export async function ownerWithPlans({ t }: { t: TestApp }): Promise<Owner> {
  const owner = await ownerWithApp({ t });
  await owner.agent.post(`/integrations/developer/apps/${owner.appId}/webhooks`).send({ url: 'https://hooks.example.com/in' }).expect(201);
  await plan({ ctx: t.ctx, appId: owner.appId, planId: 'basic', variants: [variant('monthly', 10, 'month')] });
  await plan({ ctx: t.ctx, appId: owner.appId, planId: 'pro', variants: [variant('monthly', 30, 'month'), variant('yearly', 300, 'year')] });
  return owner;
}

export function appUser({ appId, n, ...rest }: { appId: string; n: number } & Partial<AppUserDoc>): AppUserDoc {
  return {
    _id: `${appId}-user-${n}`,
    appId,
    accountName: `Store ${n}`,
    accountEmail: `store${n}@shops.example`,
    platform: 'stripe',
    platformUserId: `p-${n}`,
    status: 'installed',
    installId: `install-${n}`,
    created: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    ...rest,
  };
}

export async function plan({ ctx, appId, planId, variants, currency = 'USD' }: { ctx: AppContext; appId: string; planId: string; variants: PricingVariant[]; currency?: string }): Promise<PlanDoc> {
  const now = ctx.now().toISOString();
  const doc: PlanDoc = {
    _id: randomUUID(),
    appId,
    planId,
    name: planId,
    description: '',
    isActive: true,
    isFree: false,
    trialCount: 0,
    currency,
    order: 0,
    features: {},
    meta: {},
    pricingVariants: variants,
    created: now,
    updated: now,
  };
  await plans(ctx).insertOne(doc);
  for (const v of variants) {
    await planConnections(ctx).insertOne({ _id: randomUUID(), appId, platform: 'stripe', planId, planPricingVariantId: v.id, platformPlanId: `price_${planId}_${v.id}`, created: now });
  }
  return doc;
}

export const variant = (id: string, priceCount: number, pricePeriod: PricingVariant['pricePeriod'], pricePeriodCount = 1): PricingVariant => ({ id, name: id, priceCount, pricePeriod, pricePeriodCount });

export interface Billed {
  user: AppUserDoc;
  sub: SubscriptionDoc;
  charge: ChargeDoc;
}

/** One user on plan basic (monthly 10) with one succeeded charge of 10. */
export async function billedUser({ ctx, appId, n = 1 }: { ctx: AppContext; appId: string; n?: number }): Promise<Billed> {
  const user = appUser({ appId, n });
  await appUsers(ctx).insertOne(user);
  const sub: SubscriptionDoc = {
    _id: `${user._id}-sub`,
    appId,
    appUserId: user._id,
    planId: 'basic',
    planPricingVariantId: 'monthly',
    platform: 'stripe',
    platformSubscriptionId: `sub_${n}`,
    status: 'active',
    created: user.created,
  };
  await subscriptions(ctx).insertOne(sub);
  const charge: ChargeDoc = {
    _id: `${user._id}-charge`,
    appId,
    appUserId: user._id,
    amount: 10,
    currency: 'USD',
    platform: 'stripe',
    platformChargeId: `ch_${n}`,
    status: 'succeeded',
    planId: 'basic',
    created: user.created,
  };
  await charges(ctx).insertOne(charge);
  return { user, sub, charge };
}

export interface FakeCall {
  op: 'cancelSubscription' | 'changeSubscription' | 'refundCharge';
  input: Record<string, unknown>;
}

/** A provider that records its calls and answers as `behave` says (resolve, or throw). */
export function fakeProvider(behave: (call: FakeCall) => void = () => undefined): { provider: PaymentProvider; calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const record = async (op: FakeCall['op'], { credentials: _c, ...input }: Record<string, unknown>): Promise<void> => {
    const call = { op, input };
    calls.push(call);
    behave(call);
  };
  const provider: PaymentProvider = {
    platform: 'stripe',
    needsPlanIds: false,
    connectPlan: async () => ({}),
    createCoupon: async () => ({ platformCouponId: 'c' }),
    deleteCoupon: async () => undefined,
    cancelSubscription: (input) => record('cancelSubscription', { ...input }),
    changeSubscription: (input) => record('changeSubscription', { ...input }),
    refundCharge: (input) => record('refundCharge', { ...input }),
  };
  return { provider, calls };
}

/** Serves `provider` for stripe until the test's mocks are restored. */
export function useStripeFake(provider: PaymentProvider): void {
  jest.spyOn(ADAPTERS, 'stripe').mockReturnValue(provider);
}
