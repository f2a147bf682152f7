// A subscriber whose card sits in the sandbox vault with a chosen behaviour, renewing at a
// chosen moment: what the renewal job and the webhooks need without going through checkout.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../server/context';
import { payments, subscriptions } from '../../server/services/billing/model';
import type { SubscriptionDoc } from '../../server/services/billing/model';
import { sandboxMethods } from '../../server/services/billing/providers/sandbox/model';
import type { SandboxCardBehaviour } from '../../rules/billing-card-errors';
import { insertSubscription } from './subscription-fixture';

export const DAY = 24 * 60 * 60 * 1000;
export const BILLING_DETAILS = { name: 'Ada Lovelace', country: 'GB', city: 'London', zip: 'W1A 1AA', address: '12 Baker Street' };

export async function vaultCard({ ctx, behaviour }: { ctx: AppContext; behaviour: SandboxCardBehaviour }): Promise<string> {
  const _id = `sbpm_${randomUUID()}`;
  await sandboxMethods(ctx).insertOne({ _id, behaviour, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, detached: false, created: ctx.now().toISOString() });
  return _id;
}

export async function renewingSubscription({
  ctx,
  userId,
  behaviour = 'succeed',
  planId = 'bundle-pro',
  period = 'year',
  renewsInMs = DAY,
}: {
  ctx: AppContext;
  userId: string;
  behaviour?: SandboxCardBehaviour;
  planId?: string;
  period?: 'month' | 'year';
  renewsInMs?: number;
}): Promise<SubscriptionDoc> {
  const subscription = await insertSubscription({ ctx, userId, planId, period, id: `sub-${randomUUID()}` });
  const paymentMethodRef = await vaultCard({ ctx, behaviour });
  const currentPeriodEnd = new Date(ctx.now().getTime() + renewsInMs).toISOString();
  const set = { customerRef: `sbcus_${userId}`, paymentMethodRef, currentPeriodEnd, nextAttemptAt: currentPeriodEnd, billingDetails: BILLING_DETAILS };
  await subscriptions(ctx).updateOne({ _id: subscription._id }, { $set: set });
  return { ...subscription, ...set };
}

export const subscriptionNow = async ({ ctx, id }: { ctx: AppContext; id: string }): Promise<SubscriptionDoc> => {
  const doc = await subscriptions(ctx).findOne({ _id: id });
  if (!doc) throw new Error(`no subscription ${id}`);
  return doc;
};

export const paymentsOf = ({ ctx, subscriptionId }: { ctx: AppContext; subscriptionId: string }) => payments(ctx).find({ subscriptionId }, { sort: { created: 1 } });
