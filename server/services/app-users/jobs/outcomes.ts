// What a job that the provider carried out changes on its record, and the webhook events it sends.
// A job may run again after its outcome was written (its lease ran out while it ran, or the
// process died before the job was marked done): the record changes only while it carries the
// job's mark, and the event's cause is the job, so the second run changes nothing and sends
// the same event id, which the webhooks area stores once.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { Collection, Filter } from '../../../storage/port';
import { subscriptions } from '../../developer/model';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../developer/analytics/totals';
import { emitEvent } from '../../webhooks/emit-event';
import { chargeDocs } from '../charges';
import { refundableAmount, toCharge, toSubscription } from '../model';
import type { AppUserChargeDoc, AppUserSubscriptionDoc, PendingFields } from '../model';
import { enqueueJob } from './queue';
import { roundCents } from '../money';
import type { AppUserJobDoc } from './model';

export const CANCELED = 'canceled';

const CLEAR_PENDING = { pendingAction: true, pendingSince: true, pendingJobId: true, lastActionError: true } as const;

/** The record while it carries this job's mark (records marked before marks named their job: the kind's mark). */
export const markedFor = (job: AppUserJobDoc): Filter => ({
  _id: job.targetId,
  $or: [{ pendingJobId: job._id }, { pendingAction: job.kind, pendingJobId: { $exists: false } }],
});

/** Applies the outcome while the record carries the job's mark; else the record as an earlier run of this job left it, or null. */
async function applyOnce<T extends PendingFields & { _id: string; [key: string]: unknown }>({
  collection,
  job,
  set,
}: {
  collection: Collection<T>;
  job: AppUserJobDoc;
  set: Record<string, unknown>;
}): Promise<T | null> {
  const applied = await collection.findOneAndUpdate(markedFor(job), { $set: { ...set, lastJobId: job._id }, $unset: CLEAR_PENDING });
  return applied ?? collection.findOne({ _id: job.targetId, lastJobId: job._id });
}

const subscriptionEvent = (doc: AppUserSubscriptionDoc): Record<string, unknown> => {
  const { id, planId, planPricingVariantId, platform, platformSubscriptionId, status } = toSubscription(doc);
  return { appUserId: doc.appUserId, subscription: { id, planId, planPricingVariantId, platform, platformSubscriptionId, status } };
};

export async function subscriptionCancelled({ ctx, job }: { ctx: AppContext; job: AppUserJobDoc }): Promise<void> {
  const updated = await applyOnce({ collection: subscriptions(ctx), job, set: { status: CANCELED, updated: ctx.now().toISOString() } });
  if (updated) await emitEvent({ ctx, appId: job.appId, type: 'subscription.cancelled', cause: job._id, payload: subscriptionEvent(updated) });
}

export async function subscriptionChanged({ ctx, job }: { ctx: AppContext; job: AppUserJobDoc }): Promise<void> {
  const updated = await applyOnce({
    collection: subscriptions(ctx),
    job,
    set: { planId: job.planId, planPricingVariantId: job.planPricingVariantId, updated: ctx.now().toISOString() },
  });
  if (updated) await emitEvent({ ctx, appId: job.appId, type: 'subscription.changed', cause: job._id, payload: subscriptionEvent(updated) });
}

/** The amount the job refunds: the one asked for, else all that is still refundable. */
export const refundOf = ({ job, charge }: { job: AppUserJobDoc; charge: AppUserChargeDoc }): number => job.refundAmount ?? refundableAmount(charge);

export async function chargeRefunded({ ctx, job, charge }: { ctx: AppContext; job: AppUserJobDoc; charge: AppUserChargeDoc }): Promise<void> {
  const refunded = refundOf({ job, charge });
  const refundedAmount = roundCents((charge.refundedAmount ?? 0) + refunded);
  const status = refundedAmount >= charge.amount ? 'refunded' : 'partially_refunded';
  const updated = await applyOnce({ collection: chargeDocs(ctx), job, set: { status, refundedAmount, lastRefunded: refunded, updated: ctx.now().toISOString() } });
  if (!updated) return;
  const { id, amount, currency, platform, platformChargeId, planId } = toCharge(updated);
  await emitEvent({
    ctx,
    appId: job.appId,
    type: 'charge.refunded',
    cause: job._id,
    payload: {
      appUserId: job.appUserId,
      charge: { id, amount, currency, platform, platformChargeId, planId, status: updated.status, refundedAmount: updated.refundedAmount, refunded: updated.lastRefunded },
    },
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
    const cancelJobId = randomUUID();
    const marked = await subscriptions(ctx).updateOne(
      { _id: sub._id, pendingAction: { $exists: false } },
      { $set: { pendingAction: 'cancel', pendingSince: ctx.now().toISOString(), pendingJobId: cancelJobId } },
    );
    if (marked.modified > 0) await enqueueJob({ ctx, job: { _id: cancelJobId, appId: job.appId, appUserId: job.appUserId, kind: 'cancel', platform: job.platform, targetId: sub._id } });
  }
}
