// Changing a subscription's plan (changePlan, updateSubscription). Refusals of spec 002 sections 5
// and 8 first (trial, free plan, fewer widgets than in use), then the proration rule of
// rules/billing-proration.ts: an upgrade charges the difference now and starts a new period, a
// downgrade charges nothing and keeps the paid period. Runs once per idempotency key.
import type { AppContext } from '../../../context';
import { ConflictError, ValidationError } from '../../../http/errors';
import { BILLING_MESSAGES, lessWidgetsMessage } from '../../../../rules/billing-messages';
import { prorate } from '../../../../rules/billing-proration';
import type { Proration } from '../../../../rules/billing-proration';
import { widgets } from '../../workspace/model';
import { derivedKey, once } from '../idempotency';
import { subscriptions } from '../model';
import type { PlanDoc, PricingVariantDoc, SubscriptionDoc } from '../model';
import { recordPayment } from '../payments/record';
import { findPlan, variantOf } from '../plans/find';
import { billingProviderFor } from '../providers/registry';
import { paidTransaction, withProvider } from './charges';
import { periodEndAfter } from '../periods';
import { chargeDescription, planSnapshot } from './plan-snapshot';

export const NOT_ACTIVE = 'Only an active subscription can change its plan.';
export const SAME_PLAN = 'This is already your plan.';
export const OTHER_FAMILY = 'The new plan must be of the same kind as the current one.';
export const NO_PAYMENT_METHOD = 'This subscription has no saved payment method.';

export interface ChangePlanInput {
  ctx: AppContext;
  subscription: SubscriptionDoc;
  newPlanId: string;
  newVariantId: string;
  idempotencyKey?: string;
}

async function checkWidgets({ ctx, subscription, plan }: { ctx: AppContext; subscription: SubscriptionDoc; plan: PlanDoc }): Promise<void> {
  const allowed = plan.features.numberOfInstances;
  if (typeof allowed !== 'number') return;
  const inUse = await widgets(ctx).count({ ownerId: subscription.userId });
  if (inUse > allowed) throw new ValidationError(lessWidgetsMessage({ inUse, allowed }));
}

async function checkedTarget({ ctx, subscription, newPlanId, newVariantId }: ChangePlanInput): Promise<{ plan: PlanDoc; variant: PricingVariantDoc }> {
  if (subscription.status === 'trial') throw new ConflictError(BILLING_MESSAGES.trialChange);
  if (subscription.status !== 'active') throw new ConflictError(NOT_ACTIVE);
  const plan = await findPlan({ ctx, planId: newPlanId });
  const variant = variantOf({ plan, variantId: newVariantId });
  if (plan.isFree) throw new ValidationError(BILLING_MESSAGES.freePlanChange);
  if (plan.family !== subscription.family) throw new ValidationError(OTHER_FAMILY);
  if (plan.planId === subscription.planId && variant.id === subscription.planPricingVariantId) throw new ValidationError(SAME_PLAN);
  await checkWidgets({ ctx, subscription, plan });
  return { plan, variant };
}

/** The new period (upgrade) or the paid one kept (downgrade), after charging what is due. */
async function settle({
  ctx,
  subscription,
  plan,
  variant,
  proration,
  providerKey,
}: {
  ctx: AppContext;
  subscription: SubscriptionDoc;
  plan: PlanDoc;
  variant: PricingVariantDoc;
  proration: Proration;
  providerKey: string;
}): Promise<{ start: string; end: string; transactionId?: string }> {
  if (proration.kind === 'downgrade') return { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
  const { customerRef, paymentMethodRef } = subscription;
  if (!customerRef || !paymentMethodRef) throw new ConflictError(NO_PAYMENT_METHOD);
  const provider = billingProviderFor({ ctx, adapter: subscription.adapter });
  const outcome = await withProvider(() =>
    provider.charge({ customerRef, paymentMethodRef, amount: proration.due, description: `Upgrade to ${chargeDescription({ plan, variant })}`, idempotencyKey: providerKey }),
  );
  const transactionId = paidTransaction(outcome);
  const now = ctx.now();
  return { start: now.toISOString(), end: periodEndAfter({ start: now.toISOString(), period: variant.pricePeriod }), transactionId };
}

export async function changeSubscriptionPlan(input: ChangePlanInput): Promise<SubscriptionDoc> {
  const { ctx, subscription, newPlanId, newVariantId } = input;
  const key = input.idempotencyKey ?? derivedKey(['changePlan', subscription._id, newPlanId, newVariantId, subscription.updated]);
  return once({
    ctx,
    userId: subscription.userId,
    operation: `changePlan:${subscription._id}`,
    key,
    run: async (providerKey) => {
      // Inside the idempotent run: a repeat of a finished change gets its answer, not 'already your plan'.
      const { plan, variant } = await checkedTarget(input);
      const proration = prorate({
        currentAmount: subscription.plan.amount,
        periodStart: new Date(subscription.currentPeriodStart),
        periodEnd: new Date(subscription.currentPeriodEnd),
        now: ctx.now(),
        newAmount: variant.priceCount,
      });
      const period = await settle({ ctx, subscription, plan, variant, proration, providerKey });
      const changes = {
        planId: plan.planId,
        planPricingVariantId: variant.id,
        plan: planSnapshot({ plan, variant }),
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        updated: ctx.now().toISOString(),
      };
      const changed: SubscriptionDoc = { ...subscription, ...changes };
      await subscriptions(ctx).updateOne({ _id: subscription._id }, { $set: changes });
      if (period.transactionId) {
        await recordPayment({ ctx, subscription: changed, transactionId: period.transactionId, amount: proration.due, periodStart: period.start, periodEnd: period.end, billingDetails: subscription.billingDetails });
      }
      return changed;
    },
  });
}
