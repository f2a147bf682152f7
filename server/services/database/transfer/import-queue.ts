// The import queue, leased like the webhook deliveries and app-user jobs: claiming a due import
// moves nextAttemptAt forward by the lease, each stored batch moves it again, and the claim of an
// instance that died falls due once its lease has run out, for any instance to carry on from the
// last stored batch. Every write after the claim carries the lease id, so a late writer whose
// lease ran out changes nothing.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context';
import { blobStoreOf } from '../../blobs';
import { importErrors, importJobs } from './import-jobs';
import type { ImportJobDoc, ImportProgress } from './import-jobs';
import { nudgeImportWorkers } from './import-wake';
import { FILE_START } from './file-position';

const SECOND = 1000;
/** Far longer than one batch (cut at BATCH_MAX_MS); renewed by every stored batch. */
export const LEASE_MS = 60 * SECOND;
/** After an attempt failed for a reason other than the file (the store or blob store unreachable). */
export const RETRY_DELAY_MS = 30 * SECOND;
export const MAX_ATTEMPTS = 5;

const later = (ctx: AppContext, ms: number): string => new Date(ctx.now().getTime() + ms).toISOString();

/** Longer than an upload can take (Node ends a request after 300 s), so a reservation outlives its upload. */
export const RECEIVE_MS = 10 * 60 * SECOND;

export type NewImport = Pick<ImportJobDoc, '_id' | 'appId' | 'collectionId' | 'collectionName' | 'format' | 'blobKey'>;

/** Imports of the app that hold or are receiving a stored file. */
export const openImportsOf = ({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> =>
  importJobs(ctx).count({ appId, $or: [{ status: { $in: ['queued', 'running'] } }, { status: 'receiving', nextAttemptAt: { $gt: ctx.now().toISOString() } }] });

/**
 * Records an import whose file is being received, before any byte is stored: it counts among the
 * app's open imports from now (so parallel uploads cannot pass MAX_OPEN_IMPORTS together), and is
 * no longer counted after RECEIVE_MS should its instance die before the file was stored.
 */
export async function reserveImport({ ctx, job }: { ctx: AppContext; job: NewImport }): Promise<ImportJobDoc> {
  const now = ctx.now().toISOString();
  return importJobs(ctx).insertOne({
    ...job,
    size: 0,
    position: FILE_START,
    status: 'receiving',
    imported: 0,
    failed: 0,
    listed: 0,
    complete: true,
    attempts: 0,
    nextAttemptAt: later(ctx, RECEIVE_MS),
    created: now,
    updated: now,
  });
}

/** The file is stored: the import is due now, for this instance or any other. */
export async function queueImport({ ctx, job, stored }: { ctx: AppContext; job: ImportJobDoc; stored: Pick<ImportJobDoc, 'size' | 'columns' | 'position'> }): Promise<ImportJobDoc> {
  const now = ctx.now().toISOString();
  const queued = await importJobs(ctx).findOneAndUpdate({ _id: job._id, status: 'receiving' }, { $set: { ...stored, status: 'queued', nextAttemptAt: now, updated: now } });
  if (!queued) throw new Error(`Import ${job._id} was removed while its file was received`);
  nudgeImportWorkers();
  return queued;
}

/** Claims up to `max` due imports, oldest due first; the re-checked update makes each claim exclusive. */
export async function claimDueImports({ ctx, max }: { ctx: AppContext; max: number }): Promise<ImportJobDoc[]> {
  const jobs = importJobs(ctx);
  const now = ctx.now().toISOString();
  const due = { status: { $in: ['queued', 'running'] }, nextAttemptAt: { $lte: now } };
  const candidates = await jobs.find(due, { sort: { nextAttemptAt: 1 }, limit: max });
  if (candidates.length === 0) return [];
  const leaseId = randomUUID();
  await jobs.updateMany(
    { ...due, _id: { $in: candidates.map((job) => job._id) } },
    { $set: { status: 'running', nextAttemptAt: later(ctx, LEASE_MS), leaseId, updated: now }, $inc: { attempts: 1 } },
  );
  return jobs.find({ leaseId });
}

/**
 * Stores the progress after a batch and renews the lease; false when the lease was lost (stop).
 * Attempts count again from this one: only claims that store nothing add up to MAX_ATTEMPTS.
 */
export async function saveProgress({ ctx, job, progress }: { ctx: AppContext; job: ImportJobDoc; progress: ImportProgress }): Promise<boolean> {
  const { modified } = await importJobs(ctx).updateOne(
    { _id: job._id, leaseId: job.leaseId },
    { $set: { ...progress, attempts: 1, nextAttemptAt: later(ctx, LEASE_MS), updated: ctx.now().toISOString() } },
  );
  return modified > 0;
}

/** The import is over (read to its end, or stopped): its file is no longer needed. */
export async function finishImport({ ctx, job, error }: { ctx: AppContext; job: ImportJobDoc; error?: string }): Promise<void> {
  const now = ctx.now().toISOString();
  const { modified } = await importJobs(ctx).updateOne(
    { _id: job._id, leaseId: job.leaseId },
    { $set: { status: 'finished', finished: now, updated: now, ...(error ? { lastError: error } : {}) }, $unset: { leaseId: true } },
  );
  if (modified > 0) await blobStoreOf(ctx).delete(job.blobKey);
}

/** Gives the import back to the queue for a later attempt, from where it stands. */
export async function retryLater({ ctx, job, error }: { ctx: AppContext; job: ImportJobDoc; error: string }): Promise<void> {
  await importJobs(ctx).updateOne(
    { _id: job._id, leaseId: job.leaseId },
    { $set: { nextAttemptAt: later(ctx, RETRY_DELAY_MS), lastError: error, updated: ctx.now().toISOString() }, $unset: { leaseId: true } },
  );
}

/**
 * A stopping instance gives the import back after a stored batch: due now for any instance, from
 * that batch on, and the attempt cut short by the stop does not count towards MAX_ATTEMPTS.
 */
export async function handBackImport({ ctx, job }: { ctx: AppContext; job: ImportJobDoc }): Promise<void> {
  await importJobs(ctx).updateOne(
    { _id: job._id, leaseId: job.leaseId },
    { $set: { nextAttemptAt: ctx.now().toISOString(), updated: ctx.now().toISOString() }, $unset: { leaseId: true }, $inc: { attempts: -1 } },
  );
}

/** An import, its listed failures and its file, gone (pruning, or a refused start). */
export async function deleteImport({ ctx, job }: { ctx: AppContext; job: ImportJobDoc }): Promise<void> {
  await importJobs(ctx).deleteOne({ _id: job._id });
  await importErrors(ctx).deleteMany({ jobId: job._id });
  await blobStoreOf(ctx).delete(job.blobKey);
}
