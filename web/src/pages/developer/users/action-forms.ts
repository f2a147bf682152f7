// Form schemas of the actions on an app user's records, built from the request schemas
// (ChangeSubscriptionInput, RefundInput) and what the screen knows (the app's plans, the charge).
import type { AppUserCharge, Plan } from '../../../../../generated/client/types.gen';
import type { JsonSchema } from '../../../../../forms/schemas';
import { money } from '../../../../../rules/format-money';
import { propertyOf } from '../lib/schema';
import { ChangeSubscriptionInputSchema } from '../../../../../generated/schemas/ChangeSubscriptionInput';
import { RefundInputSchema } from '../../../../../generated/schemas/RefundInput';

export type ChangePlanForm = { planId?: string; planPricingVariantId?: string };
export type RefundMode = 'full' | 'partial';
export type RefundForm = { mode: RefundMode; refundAmount?: number; cancelUserSubscription?: boolean };

const choice = (value: string, title: string) => ({ const: value, title });

/** 'month', '3 months', 'one-time'. */
const periodText = ({ pricePeriod, pricePeriodCount }: { pricePeriod: string; pricePeriodCount: number }) =>
  pricePeriodCount > 1 && pricePeriod !== 'one-time' ? `${pricePeriodCount} ${pricePeriod}s` : pricePeriod;

/** Pick one of the app's plans, then one of that plan's pricing variants. */
export function changePlanSchema({ plans, planId }: { plans: ReadonlyArray<Plan>; planId?: string }): JsonSchema {
  const plan = plans.find((candidate) => candidate.planId === planId);
  const variants = plan?.pricingVariants ?? [];
  return {
    type: 'object',
    required: ['planId'],
    properties: {
      planId: { ...propertyOf(ChangeSubscriptionInputSchema, 'planId'), oneOf: plans.map((p) => choice(p.planId, p.name)) },
      ...(variants.length
        ? {
            planPricingVariantId: {
              ...propertyOf(ChangeSubscriptionInputSchema, 'planPricingVariantId'),
              oneOf: variants.map((v) => choice(v.id, `${v.name}: ${money(v.priceCount, plan?.currency)} / ${periodText(v)}`)),
            },
          }
        : {}),
    },
  };
}

/** The variant a subscription pays, as the server reads it: the one named, else the plan's first recurring one. */
const paidVariant = ({ plan, variantId }: { plan?: Plan; variantId?: string }) => {
  const variants = plan?.pricingVariants ?? [];
  return variants.find((v) => v.id === variantId) ?? variants.find((v) => v.pricePeriod !== 'one-time') ?? variants[0];
};

/** The popup opens on the subscription's plan and the variant it pays (subscriptions made elsewhere may name none). */
export function currentPlan({ plans, subscription }: { plans: ReadonlyArray<Plan>; subscription: { planId: string; planPricingVariantId?: string } }): ChangePlanForm {
  const variant = paidVariant({ plan: plans.find((p) => p.planId === subscription.planId), variantId: subscription.planPricingVariantId });
  return { planId: subscription.planId, ...(variant ? { planPricingVariantId: variant.id } : {}) };
}

/** A new plan picks its first pricing variant (the previous one belongs to the other plan). */
export function followPlan({ plans }: { plans: ReadonlyArray<Plan> }) {
  return (next: Partial<ChangePlanForm>, previous: Partial<ChangePlanForm>): Partial<ChangePlanForm> => {
    if (next.planId === previous.planId) return next;
    const first = plans.find((plan) => plan.planId === next.planId)?.pricingVariants[0];
    return { planId: next.planId, ...(first ? { planPricingVariantId: first.id } : {}) };
  };
}

/** Full or partial (with an amount up to what is refundable), and whether to cancel the plan after. */
export function refundSchema({ charge }: { charge: Pick<AppUserCharge, 'refundableAmount' | 'currency'> }): JsonSchema {
  return {
    type: 'object',
    required: ['mode'],
    properties: {
      mode: { type: 'string', title: 'Refund', default: 'full', oneOf: [choice('full', `Full refund (${money(charge.refundableAmount, charge.currency)})`), choice('partial', 'Partial refund')] },
      refundAmount: { ...propertyOf(RefundInputSchema, 'refundAmount'), maximum: charge.refundableAmount },
      cancelUserSubscription: propertyOf(RefundInputSchema, 'cancelUserSubscription'),
    },
    if: { properties: { mode: { const: 'partial' } } },
    then: { required: ['refundAmount'] },
  };
}

/** The request body: the amount only for a partial refund. */
export function refundBody({ form, platform }: { form: RefundForm; platform: string }) {
  return {
    platform,
    cancelUserSubscription: Boolean(form.cancelUserSubscription),
    ...(form.mode === 'partial' && form.refundAmount !== undefined ? { refundAmount: form.refundAmount } : {}),
  };
}
