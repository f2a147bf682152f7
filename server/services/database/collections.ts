// Collections of an app's database (spec 001 sections 4, 5 and 8). Callers pass an already
// authorised appId. A collection is found by its name or by its id (the screens' routes use it).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { NotFoundError, ValidationError } from '../../http/errors';
import { DuplicateKeyError } from '../../storage/port';
import type { DbCollection, DbCollectionInput, DbCollectionRename } from '../../../generated/client/types.gen';
import { collectionExists, collectionNameError, DATABASE_MESSAGES, normaliseCollectionName } from '../../../rules/database';
import { countWithCache } from '../lists/count-cache';
import { createdIndex, dropAllIndexes, ownerIndex } from './field-indexes';
import { databases, dbCollections, documentStore, documentStoreName, forgetDocumentCounts } from './model';
import type { CollectionDoc } from './model';
import { releaseCollection } from './quotas';
import { forgetRemembered, remembered } from '../remembered';

export async function findCollection({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<CollectionDoc> {
  const found = (await dbCollections(ctx).findOne({ appId, name: normaliseCollectionName(name.trim()) })) ?? (await dbCollections(ctx).findOne({ appId, _id: name }));
  if (!found) throw new NotFoundError(DATABASE_MESSAGES.collectionNotFound);
  return found;
}

/**
 * How long a process answers public calls with a definition it read. Every public call read its
 * collection's definition (its fields and rules) from the store: one round trip of the two to four
 * a create, update, delete or list makes, and on FerretDB at load often among the slowest
 * (docs/database-speed.md). A change made through this process applies at once (each write of a
 * definition forgets the app's); one made through another instance within COLLECTION_FRESH_MS, as
 * credentials do (VERIFIED_MS). A name that finds nothing is not kept, so a new collection is
 * there at once on every instance.
 */
export const COLLECTION_FRESH_MS = 1000;

const definitionsOf = (appId: string): string => `collection:${appId}\n`;

/** The collection by name or id, as this process read it at most COLLECTION_FRESH_MS ago. */
export const freshCollection = ({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<CollectionDoc> =>
  remembered({ ctx, key: `${definitionsOf(appId)}${name}`, ttlMs: COLLECTION_FRESH_MS, load: () => findCollection({ ctx, appId, name }), keep: () => true });

/** After a definition of the app changed through this process: its next public calls read them again. */
export const forgetCollections = ({ ctx, appId }: { ctx: AppContext; appId: string }): void => forgetRemembered({ ctx, prefix: definitionsOf(appId) });

export async function listCollections({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<string[]> {
  const docs = await dbCollections(ctx).find({ appId }, { sort: { created: 1 } });
  return docs.map((doc) => doc.name);
}

export async function countAll({ ctx, collectionId }: { ctx: AppContext; collectionId: string }): Promise<number> {
  return countWithCache({ ctx, key: `${documentStoreName(collectionId)}:{}`, count: (options) => documentStore(ctx, collectionId).count({}, options), keepSmall: true });
}

export const toCollection = (doc: CollectionDoc, documentCount: number): DbCollection => ({ ...doc, id: doc._id, documentCount });

export async function getCollection({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<DbCollection> {
  const doc = await findCollection({ ctx, appId, name });
  return toCollection(doc, await countAll({ ctx, collectionId: doc._id }));
}

/** The typed name, checked and normalised; its message goes under `name`. */
function checkedName(typed: string): string {
  const error = collectionNameError(typed.trim());
  if (error) throw new ValidationError(error, { name: error });
  return normaliseCollectionName(typed.trim());
}

const alreadyExists = (name: string): ValidationError => new ValidationError(collectionExists(name), { name: collectionExists(name) });

/** Stores the body as handed over (the request projection keeps what DbCollectionInput declares), the server's fields after it. */
export async function createCollection({ ctx, appId, name, input = {} }: { ctx: AppContext; appId: string; name: string; input?: DbCollectionInput }): Promise<DbCollection> {
  const checked = checkedName(name);
  if (!(await databases(ctx).findOne({ _id: appId }))) throw new NotFoundError(DATABASE_MESSAGES.databaseNotFound);
  if (await dbCollections(ctx).findOne({ appId, name: checked })) throw alreadyExists(checked);
  const now = ctx.now().toISOString();
  const doc: CollectionDoc = { ...input, _id: randomUUID().replace(/-/g, ''), appId, name: checked, displayName: input.displayName?.trim() || checked, attributes: [], created: now, updated: now };
  await ctx.store.ensureIndex(createdIndex(doc._id));
  await ctx.store.ensureIndex(ownerIndex(doc._id));
  try {
    await dbCollections(ctx).insertOne(doc);
  } catch (err) {
    throw err instanceof DuplicateKeyError ? alreadyExists(checked) : err;
  }
  return toCollection(doc, 0);
}

/**
 * Stores the body as handed over (DbCollectionRename's properties), the checked name and the time
 * after it. An unchanged name writes only the rest. Relation fields of the app that named the old
 * name follow it.
 */
export async function renameCollection({ ctx, appId, name, input }: { ctx: AppContext; appId: string; name: string; input: DbCollectionRename }): Promise<DbCollection> {
  const doc = await findCollection({ ctx, appId, name });
  const checked = checkedName(input.name);
  const rest = Object.keys(input).some((key) => key !== 'name');
  if (checked === doc.name && !rest) return toCollection(doc, await countAll({ ctx, collectionId: doc._id }));
  if (checked !== doc.name && (await dbCollections(ctx).findOne({ appId, name: checked }))) throw alreadyExists(checked);
  const updated = ctx.now().toISOString();
  const changes = { ...input, name: checked, updated };
  try {
    await dbCollections(ctx).updateOne({ _id: doc._id }, { $set: changes });
  } catch (err) {
    throw err instanceof DuplicateKeyError ? alreadyExists(checked) : err;
  }
  for (const other of checked === doc.name ? [] : await dbCollections(ctx).find({ appId })) {
    if (!other.attributes.some((field) => field.relation === doc.name)) continue;
    const attributes = other.attributes.map((field) => (field.relation === doc.name ? { ...field, relation: checked } : field));
    await dbCollections(ctx).updateOne({ _id: other._id }, { $set: { attributes } });
  }
  forgetCollections({ ctx, appId });
  return toCollection({ ...doc, ...changes }, await countAll({ ctx, collectionId: doc._id }));
}

/**
 * Removes the collections' records first, so no write can reach their documents while they go:
 * on a store several instances share, once no instance can still hold a record it read before
 * (freshCollection), which costs the owner's call COLLECTION_FRESH_MS once.
 */
export async function removeCollections({ ctx, appId, docs }: { ctx: AppContext; appId: string; docs: CollectionDoc[] }): Promise<void> {
  if (docs.length === 0) return;
  for (const doc of docs) await dbCollections(ctx).deleteOne({ _id: doc._id });
  forgetCollections({ ctx, appId });
  if (ctx.store.engine === 'mongodb') await new Promise((resolve) => setTimeout(resolve, COLLECTION_FRESH_MS));
  for (const doc of docs) {
    await releaseCollection({ ctx, appId, collectionId: doc._id });
    await documentStore(ctx, doc._id).deleteMany({});
    forgetDocumentCounts(ctx, doc._id);
    await dropAllIndexes({ ctx, collectionId: doc._id, attributes: doc.attributes });
  }
}

/** Answers the deleted collection's name. */
export async function deleteCollection({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<string> {
  const doc = await findCollection({ ctx, appId, name });
  await removeCollections({ ctx, appId, docs: [doc] });
  return doc.name;
}
