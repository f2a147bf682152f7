// Stores one batch of an import's rows: every row checked as a created document is, the good ones
// written in one insert charged to the app's quota first, every failure kept as its row's error.
// A row's document has an id made from the job and the row (ascending), so the documents an attempt
// wrote past its last saved batch are found by their ids and removed when the import is taken up
// again, and a document another instance wrote meanwhile is found rather than written twice.
import type { AppContext } from '../../../context';
import { DuplicateKeyError } from '../../../storage/port';
import { AppError, ValidationError } from '../../../http/errors';
import { checkedWrite, uniqueError } from '../documents';
import { documentStore, forgetDocumentCounts } from '../model';
import { recordChange } from '../live/record-change';
import type { CollectionDoc, DbDocument } from '../model';
import { typeDef, validateDocument } from '../validate-document';
import { chargeUsage, correctUsage, documentBytes } from '../quotas';
import type { RowRead } from './file-position';
import { importedDocumentId, LAST_ROW } from './import-jobs';
import type { ImportRowError } from './import-jobs';
import { boundedRowError } from './row-errors';

export interface BatchTarget {
  ctx: AppContext;
  appId: string;
  collection: CollectionDoc;
  jobId: string;
  /** A row's input as the collection's documents take it (CSV cells typed by field). */
  toInput: (input: Record<string, unknown>) => Record<string, unknown>;
}

export interface BatchResult {
  /** Rows dealt with, from the first: all, or fewer when the batch ran out of time or the quota stopped it. */
  handled: number;
  imported: number;
  /** The failed rows among those handled, in row order. */
  errors: ImportRowError[];
  /** Why the import cannot go on (a quota reached at the last handled row). */
  stopped?: string;
}

interface Ready {
  row: number;
  doc: DbDocument;
}

/** A refused row's error; anything but a client error (a bug, the store down) ends the attempt. */
function rowError(row: number, err: unknown): ImportRowError {
  if (!(err instanceof AppError) || err.status >= 500) throw err;
  return boundedRowError({ row, message: err.message, fieldErrors: err.fieldErrors });
}

const isQuota = (err: unknown): err is AppError => err instanceof AppError && err.status === 403;

type Inserted = Omit<BatchResult, 'handled' | 'errors'> & { refused: ImportRowError[]; last: number };

/** Writes `ready` one at a time, each charged alone (after the batch's insert or charge was refused); stops at the quota. */
async function insertOneByOne({ ctx, appId, collection }: BatchTarget, ready: Ready[]): Promise<Inserted> {
  const store = documentStore(ctx, collection._id);
  const result = { imported: 0, refused: [] as ImportRowError[], last: ready.at(-1)?.row ?? 0 };
  for (const { row, doc } of ready) {
    // Written meanwhile by an instance whose lease ran out, which charged it.
    if (await store.findOne({ _id: doc._id })) {
      result.imported += 1;
      continue;
    }
    const bytes = documentBytes(doc);
    try {
      await chargeUsage({ ctx, appId, documents: 1, bytes });
      await store.insertOne(doc).catch(async (err: unknown) => {
        await correctUsage({ ctx, appId, documents: -1, bytes: -bytes });
        throw err instanceof DuplicateKeyError ? uniqueError({ collection, err }) : err;
      });
      result.imported += 1;
    } catch (err) {
      result.refused.push(rowError(row, err));
      // Past a quota no later row can be stored either.
      if (isQuota(err)) return { ...result, stopped: err.message, last: row };
    }
  }
  return result;
}

/** documentBytes of each, summed: the array's JSON less its brackets and commas, in one call. */
const bytesOf = (docs: DbDocument[]): number => (docs.length === 0 ? 0 : Buffer.byteLength(JSON.stringify(docs)) - docs.length - 1);

/** The good documents in one insert, counted against the app's quota first; one by one when that is refused. */
async function insertReady(target: BatchTarget, ready: Ready[]): Promise<Inserted> {
  const { ctx, appId, collection } = target;
  const last = ready.at(-1)?.row ?? 0;
  if (ready.length === 0) return { imported: 0, refused: [], last };
  const docs = ready.map(({ doc }) => doc);
  const bytes = bytesOf(docs);
  try {
    await chargeUsage({ ctx, appId, documents: ready.length, bytes });
  } catch (err) {
    // The whole batch does not fit: store what fits, one by one, up to the limit.
    if (isQuota(err)) return insertOneByOne(target, ready);
    throw err;
  }
  const store = documentStore(ctx, collection._id);
  try {
    await store.insertMany(docs);
    return { imported: ready.length, refused: [], last };
  } catch (err) {
    // An engine may have kept the documents before the failure (MongoDB does): they keep the
    // batch's charge, the others' is taken back.
    const kept = new Set((await store.find({ _id: { $in: docs.map((doc) => doc._id) } })).map((doc) => doc._id));
    const rest = ready.filter(({ doc }) => !kept.has(doc._id));
    await correctUsage({ ctx, appId, documents: -rest.length, bytes: -bytesOf(rest.map(({ doc }) => doc)) });
    if (!(err instanceof DuplicateKeyError)) throw err;
    // Only the duplicate row fails: the others are written one by one.
    const written = await insertOneByOne(target, rest);
    return { ...written, imported: written.imported + kept.size, last: written.stopped ? written.last : last };
  }
}

/** Fields whose write needs the store (relations and uploads to find) or a stored form (password hashes). */
const needsStore = (collection: CollectionDoc): boolean =>
  collection.attributes.some((field) => typeDef(field).findMissing !== undefined || typeDef(field).toStored !== undefined);

/**
 * A row's fields as a created document stores them: checkedWrite's checks. Without a field that
 * needs the store they are validateDocument's alone, run without an await per row.
 */
async function checkedRow({ target, input, bare }: { target: BatchTarget; input: Record<string, unknown>; bare: boolean }): Promise<Record<string, unknown>> {
  const { ctx, appId, collection } = target;
  if (!bare || collection.attributes.length === 0) return (await checkedWrite({ ctx, appId, collection, input, mode: 'create' })).set;
  const { value, fieldErrors, message } = validateDocument({ collection, input, mode: 'create' });
  if (message) throw new ValidationError(message, fieldErrors);
  return value;
}

/** Checks the rows in order until `deadline` (ms since the epoch, for slow checks such as password hashes). */
async function checkRows({ target, rows, deadline }: { target: BatchTarget; rows: RowRead[]; deadline: number }): Promise<{ ready: Ready[]; failed: ImportRowError[]; handled: number }> {
  const { ctx, collection, jobId } = target;
  const now = ctx.now().toISOString();
  const bare = !needsStore(collection);
  const ready: Ready[] = [];
  const failed: ImportRowError[] = [];
  let handled = 0;
  for (const read of rows) {
    if (handled > 0 && Date.now() > deadline) break;
    handled += 1;
    if ('problem' in read) {
      failed.push({ row: read.row, message: read.problem });
      continue;
    }
    try {
      const set = await checkedRow({ target, input: target.toInput(read.input), bare });
      ready.push({ row: read.row, doc: { ...set, _id: importedDocumentId({ jobId, row: read.row }), _created: now, _updated: now, _version: 1 } });
    } catch (err) {
      failed.push(rowError(read.row, err));
    }
  }
  return { ready, failed, handled };
}

/** Stores the first rows of `rows` (all of them unless the deadline or the quota comes first). */
export async function storeBatch({ target, rows, deadline }: { target: BatchTarget; rows: RowRead[]; deadline: number }): Promise<BatchResult> {
  const checked = await checkRows({ target, rows, deadline });
  const { imported, refused, stopped, last } = await insertReady(target, checked.ready);
  forgetDocumentCounts(target.ctx, target.collection._id);
  // One reset per batch rather than an event per row (docs/public-data-api.md, "Live changes").
  if (imported > 0) await recordChange({ ctx: target.ctx, appId: target.appId, collection: target.collection, type: 'reset' });
  const errors = [...checked.failed, ...refused].sort((a, b) => a.row - b.row);
  if (!stopped) return { handled: checked.handled, imported, errors };
  // Rows after the one the quota stopped were neither stored nor are they failures.
  return { handled: rows.findIndex((read) => read.row === last) + 1, imported, errors: errors.filter((error) => error.row <= last), stopped };
}

const UNSAVED_PAGE = 1000;

/**
 * Before an import is taken up again: the documents an earlier attempt wrote after its last saved
 * batch (killed before the save) are removed and their charge taken back, so that the rows are
 * stored again exactly once, as the batch is read again.
 */
export async function removeUnsaved({ ctx, appId, collectionId, jobId, afterRow }: { ctx: AppContext; appId: string; collectionId: string; jobId: string; afterRow: number }): Promise<number> {
  const store = documentStore(ctx, collectionId);
  const unsaved = { _id: { $gt: importedDocumentId({ jobId, row: afterRow }), $lte: importedDocumentId({ jobId, row: LAST_ROW }) } };
  let removed = 0;
  for (;;) {
    const page = await store.find(unsaved, { sort: { _id: 1 }, limit: UNSAVED_PAGE });
    if (page.length === 0) break;
    await store.deleteMany({ _id: { $in: page.map((doc) => doc._id) } });
    await correctUsage({ ctx, appId, documents: -page.length, bytes: -bytesOf(page) });
    removed += page.length;
  }
  if (removed > 0) forgetDocumentCounts(ctx, collectionId);
  return removed;
}
