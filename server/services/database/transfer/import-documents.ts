// Imports a file of documents into a collection as it streams in: rows are read one by one,
// stored in batches (the reader waits while a batch is written, so memory stays flat however
// long the file), and every row that fails is reported by its number with the reasons per
// field, while every good row is kept.
import type { Readable } from 'node:stream';
import type { AppContext } from '../../../context';
import { AppError } from '../../../http/errors';
import type { FieldErrors } from '../../../http/errors';
import type { ImportFormat } from '../../../../rules/database-transfer';
import { MAX_LISTED_ERRORS } from '../../../../rules/database-transfer';
import { findCollection } from '../collections';
import { createDocument } from '../documents';
import type { Field } from '../model';
import { SYSTEM_FIELDS } from '../validate-document';
import { fromCsvRecord } from './csv-cells';
import { readRows, UnreadableFileError } from './read-rows';
import type { RowRead } from './read-rows';

export interface ImportRowError {
  row: number;
  fieldErrors?: FieldErrors;
  message?: string;
}

export interface ImportReport {
  imported: number;
  failed: number;
  errors: ImportRowError[];
  complete: boolean;
}

/** Rows read ahead and written together. */
export const BATCH_SIZE = 500;


/** Raised to end an import early (a quota reached): the report so far stands. */
class ImportStopped extends Error {}

interface Import {
  ctx: AppContext;
  appId: string;
  name: string;
  report: ImportReport;
}

function fail(report: ImportReport, error: ImportRowError): void {
  report.failed += 1;
  if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push(error);
}

/** The system fields are the store's, never taken from a file: imported documents are new. */
const withoutSystemFields = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([key]) => !(SYSTEM_FIELDS as readonly string[]).includes(key)));

async function storeRow({ ctx, appId, name, report }: Import, { row, input }: { row: number; input: Record<string, unknown> }): Promise<void> {
  try {
    await createDocument({ ctx, appId, name, input, view: 'owner' });
    report.imported += 1;
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    // Past a quota no later row can be stored either.
    if (err.status === 403) {
      fail(report, { row, message: err.message });
      throw new ImportStopped(err.message);
    }
    fail(report, { row, message: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) });
  }
}

async function storeBatch(target: Import, batch: RowRead[]): Promise<void> {
  for (const read of batch) {
    if ('problem' in read) fail(target.report, { row: read.row, message: read.problem });
    else await storeRow(target, read);
  }
}

/** Reads every row and stores them a batch at a time; the rows read before an unreadable part are stored too. */
async function readAndStore(target: Import, rows: AsyncIterable<RowRead>, toInput: (input: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const batch: RowRead[] = [];
  try {
    for await (const read of rows) {
      batch.push('input' in read ? { row: read.row, input: toInput(read.input) } : read);
      if (batch.length >= BATCH_SIZE) await storeBatch(target, batch.splice(0));
    }
  } catch (err) {
    if (err instanceof UnreadableFileError) await storeBatch(target, batch.splice(0));
    throw err;
  }
  await storeBatch(target, batch);
}

/** Imports the body into the collection. An incomplete import leaves the rest of the body unread. */
export async function importDocuments({
  ctx,
  appId,
  name,
  format,
  body,
}: {
  ctx: AppContext;
  appId: string;
  name: string;
  format: ImportFormat;
  body: Readable;
}): Promise<ImportReport> {
  const collection = await findCollection({ ctx, appId, name });
  const fields = new Map<string, Field>(collection.attributes.map((field) => [field.name, field]));
  const toInput = (input: Record<string, unknown>): Record<string, unknown> =>
    withoutSystemFields(format === 'csv' ? fromCsvRecord({ record: input, fields }) : input);
  const target: Import = { ctx, appId, name, report: { imported: 0, failed: 0, errors: [], complete: true } };
  try {
    await readAndStore(target, readRows({ body, format }), toInput);
  } catch (err) {
    if (err instanceof UnreadableFileError) fail(target.report, { row: err.row, message: err.message });
    else if (!(err instanceof ImportStopped)) throw err;
    target.report.complete = false;
  }
  return target.report;
}
