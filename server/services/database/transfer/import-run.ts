// One attempt at a claimed import: its stored file is read from the byte after the last stored
// row, the rows are stored BATCH_ROWS at a time, and after each batch the position, the counts
// and the batch's listed failures are saved with the lease renewed. Killed anywhere, the import
// is carried on by whichever instance claims it next, from its last saved batch.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../../context';
import { blobStoreOf } from '../../blobs';
import { dbCollections } from '../model';
import type { Field } from '../model';
import { fromCsvRecord } from './csv-cells';
import type { RowRead } from './file-position';
import { readRows, UnreadableFileError } from './read-rows';
import { importErrors } from './import-jobs';
import type { ImportJobDoc, ImportProgress } from './import-jobs';
import { removeUnsaved, storeBatch } from './import-documents';
import type { BatchTarget } from './import-documents';
import { finishImport, handBackImport, MAX_ATTEMPTS, retryLater, saveProgress } from './import-queue';
import { boundedRowError, listRowErrors } from './row-errors';
import { log } from '../../../observability/log';

/** Rows stored in one insert (one SQLite transaction), between two saves of the progress. */
export const BATCH_ROWS = 2000;
/** A batch of slow rows (password hashes) is cut short so that the lease is renewed well in time. */
export const BATCH_MAX_MS = 5000;

export const IMPORT_STOP_MESSAGES = {
  collectionGone: 'The collection was deleted during the import',
  fileGone: 'The file of this import is no longer stored',
  attempts: (reason: string): string => `The import stopped after ${MAX_ATTEMPTS} attempts: ${reason}`,
};

/** Another instance holds the import now: this attempt stops without writing anything more. */
class LeaseLost extends Error {}
/** The import cannot go on (a quota reached); its progress is saved. */
class ImportStopped extends Error {}
/** The instance is stopping: the import is given back after its last stored batch. */
class InstanceStopping extends Error {}

interface Attempt {
  ctx: AppContext;
  job: ImportJobDoc;
  progress: ImportProgress;
  /** True once the instance is stopping (a rolling restart): the attempt ends after the batch being stored. */
  stopping: () => boolean;
}

const progressOf = ({ position, imported, failed, listed, complete }: ImportJobDoc): ImportProgress => ({ position, imported, failed, listed, complete });

async function save({ ctx, job, progress }: Attempt): Promise<void> {
  if (!(await saveProgress({ ctx, job, progress }))) throw new LeaseLost();
}

/** Ends the import early with `message` as the failure of the row where it stopped. */
async function stop(attempt: Attempt, { row, message }: { row: number; message: string }): Promise<void> {
  const { ctx, job, progress } = attempt;
  progress.listed += await listRowErrors({ ctx, jobId: job._id, listed: progress.listed, errors: [boundedRowError({ row, message })] });
  progress.failed += 1;
  progress.complete = false;
  await save(attempt);
  await finishImport({ ctx, job, error: message });
}

/** The system fields are the store's, never taken from a file: imported documents are new. */
const withoutSystemFields = (input: Record<string, unknown>): Record<string, unknown> => {
  if (!('_id' in input || '_created' in input || '_updated' in input)) return input;
  const { _id, _created, _updated, ...fields } = input;
  return fields;
};

/** The collection as it is now (its fields may have changed), or null once it was deleted. */
async function target({ ctx, job }: Attempt): Promise<BatchTarget | null> {
  const collection = await dbCollections(ctx).findOne({ _id: job.collectionId, appId: job.appId });
  if (!collection) return null;
  const fields = new Map<string, Field>(collection.attributes.map((field) => [field.name, field]));
  const toInput = job.format === 'csv' ? (input: Record<string, unknown>) => withoutSystemFields(fromCsvRecord({ record: input, fields })) : withoutSystemFields;
  return { ctx, appId: job.appId, collection, jobId: job._id, toInput };
}

/** Stores the first batch of `pending` and saves the progress; answers the rows left. */
async function storeNext(attempt: Attempt, pending: RowRead[]): Promise<RowRead[]> {
  const { ctx, job, progress } = attempt;
  const batchTarget = await target(attempt);
  if (!batchTarget) {
    await stop(attempt, { row: progress.position.row + 1, message: IMPORT_STOP_MESSAGES.collectionGone });
    throw new ImportStopped();
  }
  const rows = pending.slice(0, BATCH_ROWS);
  const result = await storeBatch({ target: batchTarget, rows, deadline: Date.now() + BATCH_MAX_MS });
  progress.position = rows[result.handled - 1].end;
  progress.imported += result.imported;
  progress.failed += result.errors.length;
  progress.listed += await listRowErrors({ ctx, jobId: job._id, listed: progress.listed, errors: result.errors });
  if (result.stopped) progress.complete = false;
  await save(attempt);
  if (result.stopped) {
    await finishImport({ ctx, job, error: result.stopped });
    throw new ImportStopped();
  }
  if (attempt.stopping()) throw new InstanceStopping();
  // The batch ran on this thread (SQLite is synchronous): let the requests waiting meanwhile through.
  await nextTurn();
  return pending.slice(result.handled);
}

async function storeAll(attempt: Attempt, pending: RowRead[], atLeast: number): Promise<RowRead[]> {
  let left = pending;
  while (left.length >= atLeast && left.length > 0) left = await storeNext(attempt, left);
  return left;
}

async function readAndStore(attempt: Attempt): Promise<void> {
  const { ctx, job, progress } = attempt;
  if (progress.position.offset >= job.size) return finishImport({ ctx, job });
  const blob = await blobStoreOf(ctx).get(job.blobKey, { start: progress.position.offset });
  if (!blob) return stop(attempt, { row: progress.position.row + 1, message: IMPORT_STOP_MESSAGES.fileGone });
  let pending: RowRead[] = [];
  try {
    for await (const rows of readRows({ body: blob.body, format: job.format, from: progress.position, columns: job.columns })) {
      for (const row of rows) pending.push(row);
      pending = await storeAll(attempt, pending, BATCH_ROWS);
    }
    await storeAll(attempt, pending, 1);
  } catch (err) {
    if (!(err instanceof UnreadableFileError)) throw err;
    // The rows before the part that cannot be read are stored; the import stops there.
    await storeAll(attempt, pending, 1);
    return stop(attempt, { row: err.row, message: err.message });
  } finally {
    blob.body.destroy();
  }
  await finishImport({ ctx, job });
}

async function carryOn(attempt: Attempt): Promise<void> {
  const { ctx, job, progress } = attempt;
  if (job.attempts > MAX_ATTEMPTS) return stop(attempt, { row: progress.position.row + 1, message: IMPORT_STOP_MESSAGES.attempts(job.lastError ?? 'the server stopped during each of them') });
  if (job.attempts > 1) {
    // What an earlier attempt did after its last saved batch is done again, from that batch on.
    await removeUnsaved({ ctx, appId: job.appId, collectionId: job.collectionId, jobId: job._id, afterRow: progress.position.row });
    await importErrors(ctx).deleteMany({ jobId: job._id, row: { $gt: progress.position.row } });
  }
  await readAndStore(attempt);
}

export async function runImport({ ctx, job, stopping = () => false }: { ctx: AppContext; job: ImportJobDoc; stopping?: () => boolean }): Promise<void> {
  try {
    await carryOn({ ctx, job, progress: progressOf(job), stopping });
  } catch (err) {
    if (err instanceof InstanceStopping) return handBackImport({ ctx, job });
    if (err instanceof LeaseLost || err instanceof ImportStopped) return;
    log.error({ err }, 'Import failed');
    await retryLater({ ctx, job, error: err instanceof Error ? err.message : String(err) });
  }
}
