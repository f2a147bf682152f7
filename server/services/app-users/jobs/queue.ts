// The job queue, leased like the webhook deliveries: claiming a due job moves nextAttemptAt
// forward by the lease, so no other instance takes it while it runs, and the claim of an
// instance that died simply falls due again.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import { appUserJobs } from './model';
import type { AppUserJobDoc } from './model';
import { nudgeJobWorkers } from './wake';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits after the 1st, 2nd, ... failed attempt; after the last one the job has failed. */
export const RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
/** Longer than a provider call (the SDKs time out within a minute) plus bookkeeping. */
export const LEASE_MS = 2 * MINUTE;

export type NewJob = Pick<AppUserJobDoc, 'appId' | 'appUserId' | 'kind' | 'platform' | 'targetId'> &
  Partial<Pick<AppUserJobDoc, '_id' | 'planId' | 'planPricingVariantId' | 'platformPlanId' | 'refundAmount' | 'cancelUserSubscription'>>;

export async function enqueueJob({ ctx, job }: { ctx: AppContext; job: NewJob }): Promise<AppUserJobDoc> {
  const now = ctx.now().toISOString();
  const doc = await appUserJobs(ctx).insertOne({ ...job, _id: job._id ?? randomUUID(), status: 'pending', attempts: 0, nextAttemptAt: now, created: now, updated: now });
  nudgeJobWorkers();
  return doc;
}

/** Claims up to `max` due jobs, oldest due first; the re-checked update makes each claim exclusive. */
export async function claimDueJobs({ ctx, max }: { ctx: AppContext; max: number }): Promise<AppUserJobDoc[]> {
  const jobs = appUserJobs(ctx);
  const now = ctx.now();
  const due = { status: 'pending', nextAttemptAt: { $lte: now.toISOString() } };
  const candidates = await jobs.find(due, { sort: { nextAttemptAt: 1 }, limit: max });
  if (candidates.length === 0) return [];
  const leaseId = randomUUID();
  await jobs.updateMany(
    { ...due, _id: { $in: candidates.map((j) => j._id) } },
    { $set: { nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString(), leaseId, updated: now.toISOString() }, $inc: { attempts: 1 } },
  );
  return jobs.find({ leaseId });
}

/** Whether a failed attempt was the last one allowed. */
export const isLastAttempt = (job: AppUserJobDoc): boolean => job.attempts > RETRY_DELAYS_MS.length;

/** Ends the job (if this attempt still holds its lease); answers whether it did. */
export async function finishJob({ ctx, job, status, error }: { ctx: AppContext; job: AppUserJobDoc; status: 'succeeded' | 'failed'; error?: string }): Promise<boolean> {
  const { modified } = await appUserJobs(ctx).updateOne(
    { _id: job._id, leaseId: job.leaseId },
    { $set: { status, updated: ctx.now().toISOString(), ...(error ? { lastError: error } : {}) }, $unset: { leaseId: true } },
  );
  return modified > 0;
}

export async function scheduleRetry({ ctx, job, error }: { ctx: AppContext; job: AppUserJobDoc; error: string }): Promise<void> {
  const now = ctx.now();
  const delay = RETRY_DELAYS_MS[job.attempts - 1] ?? 0;
  await appUserJobs(ctx).updateOne(
    { _id: job._id, leaseId: job.leaseId },
    { $set: { nextAttemptAt: new Date(now.getTime() + delay).toISOString(), lastError: error, updated: now.toISOString() }, $unset: { leaseId: true } },
  );
}
