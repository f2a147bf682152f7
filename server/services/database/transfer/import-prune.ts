// Bounds what an app's imports keep: its newest KEEP_FINISHED finished imports stay (their reports
// are shown), older ones go with their listed failures, and reservations whose upload never
// finished go with whatever part of a file they stored. Run when an import starts.
import type { AppContext } from '../../../context';
import { importJobs } from './import-jobs';
import { deleteImport } from './import-queue';

export const KEEP_FINISHED = 20;
/** Removed at most per start: a backlog shrinks over a few starts without slowing one down. */
const PRUNE_AT_MOST = 20;

export async function pruneImports({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  const jobs = importJobs(ctx);
  const old = await jobs.find({ appId, status: 'finished' }, { sort: { created: -1 }, skip: KEEP_FINISHED, limit: PRUNE_AT_MOST });
  const lapsed = await jobs.find({ appId, status: 'receiving', nextAttemptAt: { $lte: ctx.now().toISOString() } }, { limit: PRUNE_AT_MOST });
  for (const job of [...old, ...lapsed]) await deleteImport({ ctx, job });
}
