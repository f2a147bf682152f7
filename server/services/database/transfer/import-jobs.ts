// An import is a durable job (docs/database.md, "Import and export"): its file is stored as a blob,
// its record says how far it has gone (the byte after the last stored row, with the counts so far),
// and any instance may carry it on under a lease. Its listed failed rows are records of their own,
// so a progress update stays small however many rows failed.
import type { AppContext } from '../../../context';
import type { Collection, Doc, IndexSpec } from '../../../storage/port';
import type { FieldErrors } from '../../../http/errors';
import type { DocumentImport } from '../../../../generated/client/types.gen';
import type { ImportFormat } from '../../../../rules/database-transfer';
import type { FilePosition } from './file-position';
import type { LeasedJob } from '../../claim-loop';

export const DB_IMPORTS = 'dbImports';
export const DB_IMPORT_ERRORS = 'dbImportErrors';

/**
 * receiving: its file is being stored (never answered); queued: waiting for an instance; running:
 * leased (or its instance died and the lease will run out); finished.
 */
export type ImportStatus = 'receiving' | 'queued' | 'running' | 'finished';

/** What an import has done so far: written together with the position after each batch. */
export interface ImportProgress {
  position: FilePosition;
  imported: number;
  failed: number;
  /** Failed rows kept as dbImportErrors records (the first MAX_LISTED_ERRORS). */
  listed: number;
  /** False once the import stopped before the file's end (the last listed error says why). */
  complete: boolean;
}

export interface ImportJobDoc extends Doc, ImportProgress, LeasedJob {
  appId: string;
  collectionId: string;
  /** The collection's name when the import started, for the screens. */
  collectionName: string;
  format: ImportFormat;
  blobKey: string;
  size: number;
  /** CSV: the header's names, read when the file was stored. */
  columns?: string[];
  status: ImportStatus;
  /** While receiving, nextAttemptAt is when the reservation lapses. */
  finished?: string;
}

export interface ImportRowError {
  row: number;
  fieldErrors?: FieldErrors;
  message?: string;
}

export interface ImportErrorDoc extends Doc, ImportRowError {
  jobId: string;
}

export const importJobs = (ctx: AppContext): Collection<ImportJobDoc> => ctx.store.collection<ImportJobDoc>(DB_IMPORTS);
export const importErrors = (ctx: AppContext): Collection<ImportErrorDoc> => ctx.store.collection<ImportErrorDoc>(DB_IMPORT_ERRORS);

export const importIndexes: IndexSpec[] = [
  { collection: DB_IMPORTS, fields: { status: 1, nextAttemptAt: 1 } },
  { collection: DB_IMPORTS, fields: { leaseId: 1 } },
  { collection: DB_IMPORTS, fields: { appId: 1, collectionId: 1, created: -1 } },
  { collection: DB_IMPORTS, fields: { appId: 1, status: 1, created: -1 } },
  { collection: DB_IMPORT_ERRORS, fields: { jobId: 1, row: 1 } },
];

/** One failed row's record: one per row of a job, whatever instance wrote it. */
export const importErrorId = ({ jobId, row }: { jobId: string; row: number }): string => `${jobId}-${row}`;

/**
 * The id of the document a row becomes: the same on every attempt, so a batch written again after
 * a crash finds its documents already there. The job's random UUID, with its last part the row in
 * hex, is still UUID-shaped, and a job's ids ascend (its inserts append to the _id index).
 */
export const importedDocumentId = ({ jobId, row }: { jobId: string; row: number }): string => `${jobId.slice(0, 23)}-${row.toString(16).padStart(12, '0')}`;
/** The highest row an id has room for (12 hex digits). */
export const LAST_ROW = 16 ** 12 - 1;

/** The answer of the status and list calls (the list's schema leaves `errors` out). */
export const toDocumentImport = (doc: ImportJobDoc, errors: ImportRowError[] = []): DocumentImport => ({
  ...doc,
  id: doc._id,
  collection: doc.collectionName,
  // Never answered while receiving: the start call answers once the file is stored.
  status: doc.status === 'receiving' ? 'queued' : doc.status,
  bytesRead: doc.position.offset,
  errors,
});
