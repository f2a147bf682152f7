// Per-app usage of the no-code database as running counters: one document per app holding its
// document count and stored bytes, changed by $inc on every write, so neither a quota check nor
// the storage meter reads the records themselves. A write that grows usage is charged before it
// happens, in one conditional update: parallel writers cannot pass the limit together.
import type { AppContext } from '../../context';
import type { Collection } from '../../storage/port';
import { DuplicateKeyError } from '../../storage/port';
import { ForbiddenError } from '../../http/errors';
import { documentStore } from './model';

export const DB_USAGE = 'dbUsage';

export interface UsageDoc {
  /** The appId. */
  _id: string;
  appId: string;
  documents: number;
  bytes: number;
  [key: string]: unknown;
}

export interface Usage {
  documents: number;
  bytes: number;
}

const usageDocs = (ctx: AppContext): Collection<UsageDoc> => ctx.store.collection<UsageDoc>(DB_USAGE);

/** The bytes a stored document counts for: the length of its JSON. */
export const documentBytes = (doc: unknown): number => Buffer.byteLength(JSON.stringify(doc));

export const quotaMessages = {
  documents: (max: number): string => `Document quota reached: this app may store at most ${max.toLocaleString('en-US')} documents`,
  bytes: (max: number): string => `Storage quota reached: this app may store at most ${max.toLocaleString('en-US')} bytes of documents`,
};

function overQuotaError({ ctx, current, change }: { ctx: AppContext; current: Usage; change: Usage }): ForbiddenError {
  const { documents, bytes } = ctx.config.dataQuotas;
  if (change.documents > 0 && current.documents + change.documents > documents) return new ForbiddenError(quotaMessages.documents(documents));
  return new ForbiddenError(quotaMessages.bytes(bytes));
}

/**
 * Adds `documents` and `bytes` (either may be negative) to the app's counters. A change that grows
 * either is refused with 403 when it would pass the app's quota, and then nothing is counted.
 * Call it before the write; when the write then fails, call it again with the opposite change.
 */
export async function chargeUsage({ ctx, appId, documents = 0, bytes = 0 }: { ctx: AppContext; appId: string; documents?: number; bytes?: number }): Promise<void> {
  const limits = ctx.config.dataQuotas;
  const within = {
    ...(documents > 0 ? { documents: { $lte: limits.documents - documents } } : {}),
    ...(bytes > 0 ? { bytes: { $lte: limits.bytes - bytes } } : {}),
  };
  const change = { documents, bytes };
  if (documents > limits.documents || bytes > limits.bytes) throw overQuotaError({ ctx, current: { documents: 0, bytes: 0 }, change });
  try {
    const counted = await usageDocs(ctx).findOneAndUpdate({ _id: appId, ...within }, { $inc: change, $setOnInsert: { appId } }, { upsert: true });
    if (counted) return;
  } catch (err) {
    // The app's counters exist but fail the condition: the upsert found the _id taken.
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  throw overQuotaError({ ctx, current: await usageOf({ ctx, appId }), change });
}

/** Not checked against the quota: takes back a charge, or corrects an estimate once a write is done. */
export async function correctUsage({ ctx, appId, documents = 0, bytes = 0 }: { ctx: AppContext; appId: string; documents?: number; bytes?: number }): Promise<void> {
  if (documents === 0 && bytes === 0) return;
  await usageDocs(ctx).findOneAndUpdate({ _id: appId }, { $inc: { documents, bytes }, $setOnInsert: { appId } }, { upsert: true });
}

/** Charges a write's change, runs the write, and takes the charge back when it fails. */
export async function chargedWrite<T>({ ctx, appId, documents = 0, bytes = 0, write }: { ctx: AppContext; appId: string; documents?: number; bytes?: number; write: () => Promise<T> }): Promise<T> {
  await chargeUsage({ ctx, appId, documents, bytes });
  try {
    return await write();
  } catch (err) {
    await correctUsage({ ctx, appId, documents: -documents, bytes: -bytes });
    throw err;
  }
}

export async function usageOf({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Usage> {
  const doc = await usageDocs(ctx).findOne({ _id: appId });
  return { documents: doc?.documents ?? 0, bytes: doc?.bytes ?? 0 };
}

const RELEASE_BATCH = 1000;

/**
 * A collection's documents are about to be deleted together: their share leaves the counters.
 * Read once, in batches, at that moment only (its record is gone first, so no write comes between).
 */
export async function releaseCollection({ ctx, appId, collectionId }: { ctx: AppContext; appId: string; collectionId: string }): Promise<void> {
  const store = documentStore(ctx, collectionId);
  let documents = 0;
  let bytes = 0;
  let after = '';
  for (;;) {
    const batch = await store.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit: RELEASE_BATCH });
    for (const doc of batch) bytes += documentBytes(doc);
    documents += batch.length;
    if (batch.length < RELEASE_BATCH) break;
    after = batch[batch.length - 1]._id;
  }
  if (documents > 0) await chargeUsage({ ctx, appId, documents: -documents, bytes: -bytes });
}

/** With the database deleted, nothing is stored any more. */
export async function clearUsage({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  await usageDocs(ctx).deleteOne({ _id: appId });
}
