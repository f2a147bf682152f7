// What a cancel, change or refund request has in common before its job is queued: the app's
// provider for the platform must be there, and only one job at a time may act on a record.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { ConflictError, ValidationError } from '../../http/errors';
import type { Collection, Doc } from '../../storage/port';
import { findPlatform } from '../developer/integrations/platforms';
import { openProvider } from '../payments/providers/registry';
import { providerProblem } from '../payments/providers/port';
import type { PendingFields } from './model';
import { enqueueJob } from './jobs/queue';
import type { NewJob } from './jobs/queue';

export const JOB_UNDER_WAY = 'Another change to this record is still in progress, please wait until it has finished';

export const platformName = (platform: string): string => findPlatform(platform)?.displayName ?? platform;

/** 404 "Provider doesn't exists" for a platform without an adapter; 400 when the app has no working integration of it. */
export async function requireProvider({ ctx, appId, platform }: { ctx: AppContext; appId: string; platform: string }): Promise<void> {
  const opened = await openProvider({ ctx, appId, platform });
  if (!opened) {
    const message = providerProblem(platformName(platform));
    throw new ValidationError(message, { platform: message });
  }
}

export function requireSamePlatform({ given, stored, what }: { given: string; stored: string; what: 'subscription' | 'charge' }): void {
  if (given !== stored) {
    const message = `Platform does not match the ${what}`;
    throw new ValidationError(message, { platform: message });
  }
}

/**
 * Marks the record as having a job under way and queues the job; 409 when one already is.
 * The mark is the lock: it is set atomically, and taken off again if the job cannot be queued.
 */
export async function queueOnRecord<T extends Doc & PendingFields>({
  ctx,
  collection,
  job,
}: {
  ctx: AppContext;
  collection: Collection<T>;
  job: NewJob;
}): Promise<T> {
  const jobId = randomUUID();
  const marked = await collection.findOneAndUpdate(
    { _id: job.targetId, pendingAction: { $exists: false } },
    { $set: { pendingAction: job.kind, pendingSince: ctx.now().toISOString(), pendingJobId: jobId } },
  );
  if (!marked) throw new ConflictError(JOB_UNDER_WAY);
  try {
    await enqueueJob({ ctx, job: { ...job, _id: jobId } });
  } catch (err) {
    await collection.updateOne({ _id: job.targetId }, { $unset: { pendingAction: true, pendingSince: true, pendingJobId: true } });
    throw err;
  }
  return marked;
}
