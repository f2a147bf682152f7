// Imports a file of documents into a collection as it streams in: rows are read one by one,
// stored in batches (the reader waits while a batch is written, so memory stays flat however
// long the file), and every row that fails is reported by its number with the reasons per
// field, while every good row is kept.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../../context';
import { DuplicateKeyError } from '../../../storage/port';
import { AppError, ValidationError } from '../../../http/errors';
import type { FieldErrors } from '../../../http/errors';
import type { ImportFormat } from '../../../../rules/database-transfer';
import { MAX_LISTED_ERRORS } from '../../../../rules/database-transfer';
import { DATABASE_MESSAGES } from '../../../../rules/database';
import { findCollection } from '../collections';
import { checkedWrite, uniqueError } from '../documents';
import { documentStore, forgetDocumentCounts } from '../model';
import type { CollectionDoc, DbDocument, Field } from '../model';
import { chargeUsage, documentBytes } from '../quotas';
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
  collection: CollectionDoc;
  report: ImportReport;
}

interface Ready {
  row: number;
  doc: DbDocument;
}

function fail(report: ImportReport, error: ImportRowError): void {
  report.failed += 1;
  if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push(error);
}

/** A refused row goes in the report; anything but a client error (a bug, the store down) ends the import. */
function refuse(report: ImportReport, row: number, err: unknown): void {
  if (!(err instanceof AppError) || err.status >= 500) throw err;
  fail(report, { row, message: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) });
  // Past a quota no later row can be stored either.
  if (err.status === 403) throw new ImportStopped(err.message);
}

/** The system fields are the store's, never taken from a file: imported documents are new. */
const withoutSystemFields = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([key]) => !(SYSTEM_FIELDS as readonly string[]).includes(key)));

/** Checked as one created document is, then given its system fields. */
async function prepare({ ctx, appId, collection }: Import, input: Record<string, unknown>): Promise<DbDocument> {
  const { set } = await checkedWrite({ ctx, appId, collection, input, mode: 'create' });
  const now = ctx.now().toISOString();
  return { ...set, _id: randomUUID(), _created: now, _updated: now };
}

/** One at a time, after a batch hit a unique index: each duplicate is its row's error. */
async function insertOneByOne(target: Import, ready: Ready[]): Promise<void> {
  const store = documentStore(target.ctx, target.collection._id);
  for (const { row, doc } of ready) {
    // An engine that stores a batch up to its first duplicate (MongoDB) kept the ones before it.
    if (await store.findOne({ _id: doc._id })) {
      target.report.imported += 1;
      continue;
    }
    const bytes = documentBytes(doc);
    try {
      await chargeUsage({ ctx: target.ctx, appId: target.appId, documents: 1, bytes });
      await store.insertOne(doc).catch(async (err: unknown) => {
        await chargeUsage({ ctx: target.ctx, appId: target.appId, documents: -1, bytes: -bytes });
        throw err instanceof DuplicateKeyError ? uniqueError({ collection: target.collection, err }) : err;
      });
      target.report.imported += 1;
    } catch (err) {
      refuse(target.report, row, err);
    }
  }
}

/** The batch's good documents in one insert, counted against the app's quota first. */
async function insertBatch(target: Import, ready: Ready[]): Promise<void> {
  if (ready.length === 0) return;
  const { ctx, appId } = target;
  const bytes = ready.reduce((sum, { doc }) => sum + documentBytes(doc), 0);
  try {
    await chargeUsage({ ctx, appId, documents: ready.length, bytes });
  } catch (err) {
    // The whole batch does not fit: store what fits, one by one, up to the limit.
    if (err instanceof AppError && err.status === 403) return insertOneByOne(target, ready);
    throw err;
  }
  try {
    await documentStore(ctx, target.collection._id).insertMany(ready.map(({ doc }) => doc));
    target.report.imported += ready.length;
  } catch (err) {
    await chargeUsage({ ctx, appId, documents: -ready.length, bytes: -bytes });
    if (!(err instanceof DuplicateKeyError)) throw err;
    await insertOneByOne(target, ready);
  }
}

async function storeBatch(target: Import, batch: RowRead[]): Promise<void> {
  const ready: Ready[] = [];
  for (const read of batch) {
    if ('problem' in read) {
      fail(target.report, { row: read.row, message: read.problem });
      continue;
    }
    try {
      ready.push({ row: read.row, doc: await prepare(target, read.input) });
    } catch (err) {
      refuse(target.report, read.row, err);
    }
  }
  await insertBatch(target, ready);
  forgetDocumentCounts(target.ctx, target.collection._id);
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
  if (collection.attributes.length === 0) throw new ValidationError(DATABASE_MESSAGES.noFields);
  const fields = new Map<string, Field>(collection.attributes.map((field) => [field.name, field]));
  const toInput = (input: Record<string, unknown>): Record<string, unknown> =>
    withoutSystemFields(format === 'csv' ? fromCsvRecord({ record: input, fields }) : input);
  const target: Import = { ctx, appId, collection, report: { imported: 0, failed: 0, errors: [], complete: true } };
  try {
    await readAndStore(target, readRows({ body, format }), toInput);
  } catch (err) {
    if (err instanceof UnreadableFileError) fail(target.report, { row: err.row, message: err.message });
    else if (!(err instanceof ImportStopped)) throw err;
    target.report.complete = false;
  }
  return target.report;
}
