// What a job that the provider carried out changes on its record, and the webhook events it sends.
import type { AppContext } from '../../../context';
import { subscriptions } from '../../developer/model';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../developer/analytics/totals';
import { emitEvent } from '../../webhooks/emit-event';
import { chargeDocs } from '../charges';
import { refundableAmount, toCharge, toSubscription } from '../model';
import type { AppUserChargeDoc, AppUserSubscriptionDoc } from '../model';
import { enqueueJob } from './queue';
import { roundCents } from '../money';
import type { AppUserJobDoc } from './model';

export const CANCELED = 'canceled';

const CLEAR_PENDING = { pendingAction: true, pendingSince: true, lastActionError: true } as const;

const subscriptionEvent = (doc: AppUserSubscriptionDoc): Record<string, unknown> => {
  const { id, planId, planPricingVariantId, platform, platformSubscriptionId, status } = toSubscription(doc);
  return { appUserId: doc.appUserId, subscription: { id, planId, planPricingVariantId, platform, platformSubscriptionId, status } };
};

export async function subscriptionCancelled({ ctx, job }: { ctx: AppContext; job: AppUserJobDoc }): Promise<void> {
  const updated = await subscriptions(ctx).findOneAndUpdate(
    { _id: job.targetId },
    { $set: { status: CANCELED, updated: ctx.now().toISOString() }, $unset: CLEAR_PENDING },
  );
  if (updated) await emitEvent({ ctx, appId: job.appId, type: 'subscription.cancelled', payload: subscriptionEvent(updated) });
}

export async function subscriptionChanged({ ctx, job }: { ctx: AppContext; job: AppUserJobDoc }): Promise<void> {
  const updated = await subscriptions(ctx).findOneAndUpdate(
    { _id: job.targetId },
    { $set: { planId: job.planId, planPricingVariantId: job.planPricingVariantId, updated: ctx.now().toISOString() }, $unset: CLEAR_PENDING },
  );
  if (updated) await emitEvent({ ctx, appId: job.appId, type: 'subscription.changed', payload: subscriptionEvent(updated) });
}

/** The amount the job refunds: the one asked for, else all that is still refundable. */
export const refundOf = ({ job, charge }: { job: AppUserJobDoc; charge: AppUserChargeDoc }): number => job.refundAmount ?? refundableAmount(charge);

export async function chargeRefunded({ ctx, job, charge }: { ctx: AppContext; job: AppUserJobDoc; charge: AppUserChargeDoc }): Promise<void> {
  const refundedAmount = roundCents((charge.refundedAmount ?? 0) + refundOf({ job, charge }));
  const status = refundedAmount >= charge.amount ? 'refunded' : 'partially_refunded';
  const updated = await chargeDocs(ctx).findOneAndUpdate(
    { _id: charge._id },
    { $set: { status, refundedAmount, updated: ctx.now().toISOString() }, $unset: CLEAR_PENDING },
  );
  if (!updated) return;
  const { id, amount, currency, platform, platformChargeId, planId } = toCharge(updated);
  await emitEvent({
    ctx,
    appId: job.appId,
    type: 'charge.refunded',
    payload: { appUserId: job.appUserId, charge: { id, amount, currency, platform, platformChargeId, planId, status, refundedAmount, refunded: refundOf({ job, charge }) } },
  });
  if (job.cancelUserSubscription) await cancelAfterRefund({ ctx, job, charge });
}

/**
 * "Cancel the user's plan after the refund": the user's live subscriptions on the charge's
 * platform (of the charge's plan when it names one) each get a cancel job of their own.
 */
async function cancelAfterRefund({ ctx, job, charge }: { ctx: AppContext; job: AppUserJobDoc; charge: AppUserChargeDoc }): Promise<void> {
  const live = await subscriptions(ctx).find({
    appId: job.appId,
    appUserId: job.appUserId,
    platform: job.platform,
    status: { $in: LIVE_SUBSCRIPTION_STATUSES },
    pendingAction: { $exists: false },
    ...(charge.planId ? { planId: charge.planId } : {}),
  });
  for (const sub of live) {
    const marked = await subscriptions(ctx).updateOne({ _id: sub._id, pendingAction: { $exists: false } }, { $set: { pendingAction: 'cancel', pendingSince: ctx.now().toISOString() } });
    if (marked.modified > 0) await enqueueJob({ ctx, job: { appId: job.appId, appUserId: job.appUserId, kind: 'cancel', platform: job.platform, targetId: sub._id } });
  }
}
