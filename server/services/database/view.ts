// What a read answers of a stored document: the system fields and the collection's fields,
// never a password (hashes stay in the store), and no private field in the public view.
// Values of fields the schema no longer has are not answered either. `_owner` is answered when set,
// `_version` always (1 for a document stored before versions).
import type { CollectionDoc, DbDocument, DocumentView, Field } from './model';
import { OWNER_FIELD, typeDef } from './validate-document';
import { versionOf } from './versions';

export const isAnswered = (field: Field, view: DocumentView): boolean => !typeDef(field).writeOnly && !(view === 'public' && field.validation?.private);

export function viewDocument({ doc, collection, view }: { doc: DbDocument; collection: Pick<CollectionDoc, 'attributes'>; view: DocumentView }): DbDocument {
  const out: DbDocument = { _id: doc._id, _created: doc._created, _updated: doc._updated, _version: versionOf(doc), ...(typeof doc._owner === 'string' ? { _owner: doc._owner } : {}) };
  for (const field of collection.attributes) {
    if (isAnswered(field, view) && doc[field.name] !== undefined) out[field.name] = doc[field.name];
  }
  return out;
}

/** Names a query or sort may use: the answered fields and the system ones. */
export const queryableFields = ({ collection, view }: { collection: Pick<CollectionDoc, 'attributes'>; view: DocumentView }): string[] => [
  '_id',
  '_created',
  '_updated',
  OWNER_FIELD,
  ...collection.attributes.filter((field) => isAnswered(field, view)).map((field) => field.name),
];
