// Per-app usage of the no-code database as running counters: the app's document count and stored
// bytes, changed on every write (usage-versions.ts), so neither a quota check nor the storage
// meter reads the records themselves. A document write of the API (`admittedDocumentWrite`) is
// judged in memory and its change stored in the background (usage-ledger.ts: one store write per
// call, a quota passable by writes racing through several instances, by a bound). Imports and a
// deleted collection's release are charged before they happen, judged against the very usage they
// replace (`chargeUsage`): parallel writers on any number of instances cannot pass the limit together.
import type { AppContext } from '../../context';
import { ForbiddenError } from '../../http/errors';
import { documentStore } from './model';
import { changeUsage, currentUsage, unwrittenUsage } from './usage-versions';
import { admittedWrite, usageWritten } from './usage-ledger';
import type { Usage } from './usage-changes';

export type { Usage } from './usage-changes';
export { DB_USAGE } from './usage-versions';

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
  const { documents: maxDocuments, bytes: maxBytes } = ctx.config.dataQuotas;
  const change = { documents, bytes };
  // What this process admitted to the API and has not stored yet counts as if stored.
  const mine = unwrittenUsage({ ctx, appId });
  const verdict = await changeUsage({ ctx, appId, change: { add: change, limits: { documents: maxDocuments - mine.documents, bytes: maxBytes - mine.bytes } } });
  if ('refused' in verdict) throw overQuotaError({ ctx, current: verdict.refused, change });
}

/** Not checked against the quota: takes back a charge, or corrects an estimate once a write is done. */
export async function correctUsage({ ctx, appId, documents = 0, bytes = 0 }: { ctx: AppContext; appId: string; documents?: number; bytes?: number }): Promise<void> {
  if (documents === 0 && bytes === 0) return;
  await changeUsage({ ctx, appId, change: { add: { documents, bytes } } });
}

/**
 * A document write of the API: judged against the quota on what this process knows (403 when over),
 * its change to the counters (`settle` of the write's result, `add` by default) stored after it
 * in the background. `add` is the charge judged: an estimate where the write's result decides.
 */
export async function admittedDocumentWrite<T>(input: { ctx: AppContext; appId: string; add: Usage; write: () => Promise<T>; settle?: (result: T) => Usage }): Promise<T> {
  const { documents, bytes } = input.ctx.config.dataQuotas;
  const outcome = await admittedWrite({ ...input, limits: { documents, bytes } });
  if ('refused' in outcome) throw overQuotaError({ ctx: input.ctx, current: outcome.refused, change: input.add });
  return outcome.result;
}

/** The store's usage, once this process's versions under way are stored. */
export async function usageOf({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Usage> {
  await usageWritten({ ctx, appId });
  return currentUsage({ ctx, appId });
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
  await usageWritten({ ctx, appId });
  await changeUsage({ ctx, appId, change: { reset: true } });
}
