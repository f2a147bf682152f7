// What the owner reads of an app's imports: one import with its listed failures (polled by the
// screen while it runs), and a collection's latest imports (a running one shows on its screen).
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { IMPORT_MESSAGES, importProgress, importSummary, MAX_LISTED_ERRORS } from '../../../../rules/database-transfer';
import { findCollection } from '../collections';
import { importErrors, importJobs, toDocumentImport } from './import-jobs';
import type { ImportJobDoc } from './import-jobs';

/** Latest imports answered for a collection. */
export const LISTED_IMPORTS = 10;

const ANSWERED = { $in: ['queued', 'running', 'finished'] };

export async function getImport({ ctx, appId, importId }: { ctx: AppContext; appId: string; importId: string }) {
  const job = await importJobs(ctx).findOne({ _id: importId, appId, status: ANSWERED });
  if (!job) throw new NotFoundError(IMPORT_MESSAGES.notFound);
  const errors = await importErrors(ctx).find({ jobId: job._id }, { sort: { row: 1 }, limit: MAX_LISTED_ERRORS });
  return toDocumentImport(job, errors);
}

export async function listImports({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }) {
  const collection = await findCollection({ ctx, appId, name });
  const jobs = await importJobs(ctx).find({ appId, collectionId: collection._id, status: ANSWERED }, { sort: { created: -1 }, limit: LISTED_IMPORTS });
  return jobs.map((job) => toDocumentImport(job));
}

/** The envelope's message: where the import stands. */
export function importMessage(job: Pick<ImportJobDoc, 'status' | 'imported' | 'failed' | 'complete'>): string {
  if (job.status === 'finished') return importSummary(job);
  return job.status === 'running' ? importProgress(job) : IMPORT_MESSAGES.queued;
}
