// The one hook every write path of an app's documents calls once its write is stored (the owner's
// and the public API's writes through documents.ts, imports): the change goes into the app's log,
// which streams on every instance read, and to the app's webhooks when the collection opted in.
import type { AppContext } from '../../../context';
import { log } from '../../../observability/log';
import type { CollectionDoc, DbDocument } from '../model';
import { trimBySize } from './change-log';
import type { ChangeDoc, ChangeType } from './model';
import { priorOf } from './prior';
import { appendChange } from './sequence';
import { nudgeLive } from './wake';
import { emitDocumentWebhook } from './webhooks';

/**
 * Awaited by the write, so an answered write's event is in the log. The document is stored
 * already: a log that cannot be written is logged here, and the write is answered all the same.
 * `before`: on an update, the document as it was, so streams can send enter and leave.
 */
export async function recordChange({
  ctx,
  appId,
  collection,
  type,
  doc,
  before,
}: {
  ctx: AppContext;
  appId: string;
  collection: CollectionDoc;
  type: ChangeType;
  doc?: DbDocument;
  before?: DbDocument;
}): Promise<ChangeDoc | undefined> {
  try {
    const prior = doc && before ? { prior: priorOf({ before, after: doc }) } : {};
    const entry = await appendChange({
      ctx,
      entry: { appId, type, collectionId: collection._id, collection: collection.name, ...(doc ? { docId: doc._id, doc } : {}), ...prior, at: ctx.now().toISOString() },
    });
    nudgeLive({ store: ctx.store, appId });
    await trimBySize({ ctx, appId, seq: entry.seq });
    await emitDocumentWebhook({ ctx, collection, entry });
    return entry;
  } catch (err) {
    log.error({ err, appId, collection: collection.name, type }, 'A change could not be added to the change log');
    return undefined;
  }
}
