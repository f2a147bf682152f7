// A collection's schema: its display name and fields. Saving replaces the whole field list
// (the screens re-post it with one field added, replaced or removed); the answer says which by
// comparing field ids. Values of removed fields, and of fields whose type changed, are removed
// from the documents, so a later field of that name never shows stale or hashed values.
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import type { DbCollectionSchema, DbCollectionSchemaInput } from '../../../generated/client/types.gen';
import { findCollection, forgetCollections } from './collections';
import { syncFieldIndexes } from './field-indexes';
import { checkFields } from './field-rules';
import { dbCollections, documentStore, forgetDocumentCounts } from './model';
import type { CollectionDoc, Field } from './model';
import { isArrayField } from './field-types/array';

export type SchemaChange = 'created' | 'updated' | 'deleted';

const toSchema = (doc: CollectionDoc): DbCollectionSchema => ({ appId: doc.appId, collectionName: doc.name, displayName: doc.displayName, attributes: doc.attributes });

export async function getCollectionSchema({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<DbCollectionSchema> {
  return toSchema(await findCollection({ ctx, appId, name }));
}

/** A new id: created; an id gone: deleted; otherwise updated. */
export function schemaChange({ before, after }: { before: Field[]; after: Field[] }): SchemaChange {
  const old = new Set(before.map((f) => f.id));
  const now = new Set(after.map((f) => f.id));
  if (after.some((f) => !old.has(f.id))) return 'created';
  if (before.some((f) => !now.has(f.id))) return 'deleted';
  return 'updated';
}

const shape = (field: Field): string => JSON.stringify([field.type, field.subtype ?? null, isArrayField(field)]);

/** Names whose stored values no longer fit: the field is gone or holds another type. */
function staleNames({ before, after }: { before: Field[]; after: Field[] }): string[] {
  const now = new Map(after.map((f) => [f.name, f]));
  return before.filter((f) => now.get(f.name) === undefined || shape(now.get(f.name) as Field) !== shape(f)).map((f) => f.name);
}

async function replaceFields({ ctx, doc, attributes, displayName }: { ctx: AppContext; doc: CollectionDoc; attributes: Field[]; displayName?: string }): Promise<CollectionDoc> {
  await syncFieldIndexes({ ctx, collectionId: doc._id, before: doc.attributes, after: attributes });
  const stale = staleNames({ before: doc.attributes, after: attributes });
  if (stale.length > 0) {
    const unset = Object.fromEntries(stale.map((name) => [name, true as const]));
    await documentStore(ctx, doc._id).updateMany({ $or: stale.map((name) => ({ [name]: { $exists: true } })) }, { $unset: unset });
    forgetDocumentCounts(ctx, doc._id);
  }
  const updated = ctx.now().toISOString();
  const next = { ...doc, attributes, displayName: displayName?.trim() || doc.displayName, updated };
  await dbCollections(ctx).updateOne({ _id: doc._id }, { $set: { attributes, displayName: next.displayName, updated } });
  forgetCollections({ ctx, appId: doc.appId });
  return next;
}

export async function saveCollectionSchema({ ctx, appId, name, input }: { ctx: AppContext; appId: string; name: string; input: DbCollectionSchemaInput }): Promise<{ schema: DbCollectionSchema; change: SchemaChange }> {
  const doc = await findCollection({ ctx, appId, name });
  const collections = (await dbCollections(ctx).find({ appId })).map((c) => c.name);
  const { attributes, fieldErrors, message } = checkFields({ inputs: input.attributes, collections });
  if (message) throw new ValidationError(message, fieldErrors);
  const next = await replaceFields({ ctx, doc, attributes, displayName: input.displayName });
  return { schema: toSchema(next), change: schemaChange({ before: doc.attributes, after: attributes }) };
}

/** Removes every field; the documents keep only their system fields. */
export async function deleteCollectionSchema({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<DbCollectionSchema> {
  const doc = await findCollection({ ctx, appId, name });
  return toSchema(await replaceFields({ ctx, doc, attributes: [] }));
}
