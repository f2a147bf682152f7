// One attempt of one job: open the app's provider, make the call, and on success change the
// record and send the events. A failure is retried with backoff unless the provider says it can
// never succeed (ProviderError.permanent) or the retries are used up; then the job fails and the
// record keeps the reason in lastActionError.
import type { AppContext } from '../../../context';
import { AppError } from '../../../http/errors';
import { subscriptions } from '../../developer/model';
import { openProvider } from '../../payments/providers/registry';
import { ProviderError, providerProblem } from '../../payments/providers/port';
import type { OpenedProvider } from '../../payments/providers/registry';
import { chargeDocs } from '../charges';
import type { AppUserChargeDoc, AppUserSubscriptionDoc } from '../model';
import { platformName } from '../pending';
import { chargeRefunded, markedFor, subscriptionCancelled, subscriptionChanged } from './outcomes';
import { finishJob, isLastAttempt, scheduleRetry } from './queue';
import type { AppUserJobDoc } from './model';
import { log } from '../../../observability/log';

/** A failure no retry can mend. */
class GiveUp extends Error {}

async function opened({ ctx, job }: { ctx: AppContext; job: AppUserJobDoc }): Promise<OpenedProvider> {
  try {
    const provider = await openProvider({ ctx, appId: job.appId, platform: job.platform });
    if (provider) return provider;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  throw new GiveUp(providerProblem(platformName(job.platform)));
}

async function target<T>(find: Promise<T | null>): Promise<T> {
  const doc = await find;
  // The user (and with them the record) was deleted while the job waited.
  if (!doc) throw new GiveUp('The record no longer exists');
  return doc;
}

async function carryOut({ ctx, job }: { ctx: AppContext; job: AppUserJobDoc }): Promise<void> {
  const { provider, credentials } = await opened({ ctx, job });
  // The job's id: a retry after a lost answer (or a lost store update) is not a second refund.
  const idempotencyKey = job._id;
  if (job.kind === 'refund') {
    const charge = await target<AppUserChargeDoc>(chargeDocs(ctx).findOne({ _id: job.targetId }));
    await provider.refundCharge({ credentials, platformChargeId: charge.platformChargeId ?? '', amount: job.refundAmount, currency: charge.currency, idempotencyKey });
    await chargeRefunded({ ctx, job, charge });
    return;
  }
  const sub = await target<AppUserSubscriptionDoc>(subscriptions(ctx).findOne({ _id: job.targetId }));
  const platformSubscriptionId = sub.platformSubscriptionId ?? '';
  if (job.kind === 'cancel') {
    await provider.cancelSubscription({ credentials, platformSubscriptionId, idempotencyKey });
    await subscriptionCancelled({ ctx, job });
  } else {
    await provider.changeSubscription({ credentials, platformSubscriptionId, platformPlanId: job.platformPlanId ?? '', idempotencyKey });
    await subscriptionChanged({ ctx, job });
  }
}

const reasonOf = ({ err, job }: { err: unknown; job: AppUserJobDoc }): string => {
  if (err instanceof GiveUp) return err.message;
  if (err instanceof ProviderError) return `${providerProblem(platformName(job.platform))} (${err.message})`;
  return providerProblem(platformName(job.platform));
};

/** The record shows the latest failure; when the job gives up it is no longer pending. */
async function recordFailure({ ctx, job, reason, final }: { ctx: AppContext; job: AppUserJobDoc; reason: string; final: boolean }): Promise<void> {
  const collection = job.kind === 'refund' ? chargeDocs(ctx) : subscriptions(ctx);
  // Only while the record carries this job's mark: a late run must not clear another job's.
  await collection.updateOne(
    markedFor(job),
    final ? { $set: { lastActionError: reason }, $unset: { pendingAction: true, pendingSince: true, pendingJobId: true } } : { $set: { lastActionError: reason } },
  );
}

export async function runJob({ ctx, job }: { ctx: AppContext; job: AppUserJobDoc }): Promise<void> {
  try {
    await carryOut({ ctx, job });
    await finishJob({ ctx, job, status: 'succeeded' });
  } catch (err) {
    const permanent = err instanceof GiveUp || (err instanceof ProviderError && err.permanent);
    if (!(err instanceof GiveUp || err instanceof ProviderError)) log.error({ err }, 'App user job failed');
    const reason = reasonOf({ err, job });
    const final = permanent || isLastAttempt(job);
    await recordFailure({ ctx, job, reason, final });
    if (final) await finishJob({ ctx, job, status: 'failed', error: reason });
    else await scheduleRetry({ ctx, job, error: reason });
  }
}
