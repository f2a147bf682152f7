// What the app sees: the server's records with the writes still waiting applied in order, so a
// local edit shows at once and goes on showing until the server's answer replaces it.
import type { NindoDocument } from '../collection.ts';
import type { QueuedWrite } from './store.ts';

/** The server's own fields, which a body never sets. */
export const SYSTEM_FIELDS = ['_id', '_version', '_created', '_updated', '_owner', 'expand'];

/** An update's changes on a record, as the API applies them: null removes the field. */
export function withChanges(doc: NindoDocument, changes: Record<string, unknown>): NindoDocument {
  const written = Object.entries(changes).filter(([field]) => !SYSTEM_FIELDS.includes(field));
  const removed = new Set(written.filter(([, value]) => value === null).map(([field]) => field));
  const kept = Object.entries({ ...doc, ...Object.fromEntries(written) }).filter(([field]) => !removed.has(field));
  return Object.fromEntries(kept) as NindoDocument;
}

/** The record after one waiting write; undefined once deleted. */
export function afterWrite(doc: NindoDocument | undefined, write: QueuedWrite): NindoDocument | undefined {
  if (write.action === 'delete') return undefined;
  if (write.action === 'create') return write.base ?? withChanges({ _id: write.id, _version: 0 }, write.body ?? {});
  return doc && withChanges(doc, write.body ?? {});
}

/** Each record of a collection the waiting writes touch, as they leave it (undefined: deleted). */
export function pendingOf({ collection, writes, records }: { collection: string; writes: QueuedWrite[]; records: Map<string, NindoDocument> }): Map<string, NindoDocument | undefined> {
  const touched = new Map<string, NindoDocument | undefined>();
  for (const write of writes) {
    if (write.collection !== collection) continue;
    const before = touched.has(write.id) ? touched.get(write.id) : records.get(write.id);
    touched.set(write.id, afterWrite(before, write));
  }
  return touched;
}

/** Drops what a list answer holds beyond the record (an expand), so the copy keeps records only. */
export const recordOf = (doc: NindoDocument): NindoDocument => Object.fromEntries(Object.entries(doc).filter(([field]) => field !== 'expand')) as NindoDocument;
