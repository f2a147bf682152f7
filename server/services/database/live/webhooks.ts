// Document changes through the app's signed webhooks, for collections whose access rules opt in
// (`documentWebhooks`): document.created, document.updated, document.deleted, each one event per
// change-log entry (its id is the cause), with the webhooks' retries and message log.
import type { AppContext } from '../../../context';
import { emitEvent } from '../../webhooks/emit-event';
import type { CollectionDoc, DbDocument } from '../model';
import { accessOf } from '../public/access-rules';
import { viewDocument } from '../view';
import type { ChangeDoc } from './model';

const TYPES = { created: 'document.created', updated: 'document.updated', deleted: 'document.deleted' } as const;

export async function emitDocumentWebhook({ ctx, collection, entry }: { ctx: AppContext; collection: CollectionDoc; entry: ChangeDoc }): Promise<void> {
  if (entry.type === 'reset' || entry.type === 'filler' || !entry.doc || !accessOf(collection).documentWebhooks) return;
  // The app's own server is the receiver: the owner's view (private fields, never passwords).
  const document = viewDocument({ doc: entry.doc as DbDocument, collection, view: 'owner' });
  await emitEvent({ ctx, appId: entry.appId, type: TYPES[entry.type], cause: entry._id, payload: { collection: collection.name, seq: entry.seq, document } });
}
