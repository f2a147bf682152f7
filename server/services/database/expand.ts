// `expand`: relation fields answered as the related documents (in the same view) instead of
// their ids. An id whose document is gone stays an id.
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import { isArrayField, itemType } from './field-types/array';
import { dbCollections, documentStore } from './model';
import { referencedIds } from './references';
import type { CollectionDoc, DbDocument, DocumentView, Field } from './model';
import { isAnswered, viewDocument } from './view';

const notExpandable = (name: string): ValidationError => {
  const message = `Cannot expand ${name}: it is not a relation field`;
  return new ValidationError(message, { 'query.expand': message });
};

function relationField({ collection, name, view }: { collection: CollectionDoc; name: string; view: DocumentView }): Field {
  const field = collection.attributes.find((f) => f.name === name);
  if (!field || itemType(field) !== 'relation' || !isAnswered(field, view)) throw notExpandable(name);
  return field;
}

async function expandField({ ctx, appId, field, docs, view }: { ctx: AppContext; appId: string; field: Field; docs: DbDocument[]; view: DocumentView }): Promise<DbDocument[]> {
  const target = field.relation ? await dbCollections(ctx).findOne({ appId, name: field.relation }) : null;
  const ids = [...new Set(docs.flatMap((doc) => referencedIds(doc[field.name])))];
  if (!target || ids.length === 0) return docs;
  const related = await documentStore(ctx, target._id).find({ _id: { $in: ids } });
  const byId = new Map(related.map((doc) => [doc._id, viewDocument({ doc, collection: target, view })]));
  const swap = (id: unknown): unknown => (typeof id === 'string' ? (byId.get(id) ?? id) : id);
  return docs.map((doc) => {
    const value = doc[field.name];
    if (value === undefined) return doc;
    return { ...doc, [field.name]: isArrayField(field) && Array.isArray(value) ? value.map(swap) : swap(value) };
  });
}

export async function expandDocuments({
  ctx,
  appId,
  collection,
  docs,
  expand,
  view,
}: {
  ctx: AppContext;
  appId: string;
  collection: CollectionDoc;
  docs: DbDocument[];
  expand: string[];
  view: DocumentView;
}): Promise<DbDocument[]> {
  let out = docs;
  for (const name of new Set(expand)) out = await expandField({ ctx, appId, field: relationField({ collection, name, view }), docs: out, view });
  return out;
}
