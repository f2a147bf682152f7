// The MongoDB engine: the official driver, with filters and updates checked against the
// same allow-list as SQLite before they are sent, string _ids, and documents reduced to
// plain JSON (Dates become ISO strings, undefined fields are dropped) as on SQLite. On
// FerretDB, whose writes are not atomic, updates and deletes go through a write lock, except
// the updates of a document only one process writes (soleWriter) and the writes of a lock-free
// collection (port.ts, CollectionOptions).
import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError } from 'mongodb';
import type { Collection as MongoCollection, Db, Filter as MongoFilter, UpdateFilter } from 'mongodb';
import { DuplicateKeyError, InvalidQueryError } from '../port';
import type { Collection, CollectionOptions, Doc, Filter, FindOptions, Store, Update } from '../port';
import { checkDocId, checkPaging, equalityFields, parseFilter } from '../filter';
import { parseUpdate } from '../update';
import { defaultIndexName, isUniqueViolation, mapWriteError, refusedWrites } from './errors';
import type { IndexFields, MongoDoc } from './errors';
import { createWriteLock, noWriteLock } from './write-lock';
import { MAX_TIME_MS, overTime } from './time-limit';
import { CLAIMS_COLLECTION, updateClaims } from './update-claim';
import type { Claimed, ClaimDoc } from './update-claim';
import type { WriteLock } from './write-lock';

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function checkedDoc(doc: Doc): MongoDoc {
  checkDocId(doc);
  return plain(doc) as MongoDoc;
}

/** Validates the filter; the original is sent since the allow-list is a subset of Mongo's language. */
function checkedFilter(filter: Filter): MongoFilter<MongoDoc> {
  parseFilter(filter);
  return filter as MongoFilter<MongoDoc>;
}

/** Validates the update and rebuilds it from the parsed steps (plain JSON values). */
function checkedUpdate(update: Update, upsertId?: string): UpdateFilter<MongoDoc> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const step of parseUpdate(update)) {
    out[step.op] ??= {};
    out[step.op][step.path] = step.op === '$unset' ? '' : step.value;
  }
  if (upsertId) out.$setOnInsert = { ...out.$setOnInsert, _id: upsertId };
  return out as UpdateFilter<MongoDoc>;
}

/** The top-level fields an update inserts as empty arrays. */
const emptyArraysOf = (fields: Record<string, unknown> | undefined): Record<string, unknown[]> =>
  Object.fromEntries(Object.entries(fields ?? {}).filter(([path, value]) => !path.includes('.') && Array.isArray(value) && value.length === 0)) as Record<string, unknown[]>;

const paging = (options: FindOptions): { sort?: Record<string, 1 | -1>; skip: number; limit: number } => ({
  sort: options.sort,
  ...checkPaging(options),
});

/**
 * FerretDB's findAndModify with `remove` returns the document even when another caller deleted it
 * first; its delete counts the rows SQL removed. So without the lock a document is returned by
 * the caller whose delete removed it, and by no other.
 */
async function deleteFoundOnce({ coll, filter, sort, maxTimeMS }: { coll: MongoCollection<MongoDoc>; filter: MongoFilter<MongoDoc>; sort?: Record<string, 1 | -1>; maxTimeMS: number }): Promise<MongoDoc | null> {
  const found = await coll.findOne(filter, { sort, maxTimeMS });
  if (!found) return null;
  const { deletedCount } = await coll.deleteOne({ _id: found._id }, { maxTimeMS });
  return deletedCount === 1 ? found : null;
}

/** `claimed`: how pinned updates claim their expected state (update-claim.ts), on FerretDB's lock-free collections only. */
function createMongoCollection<T extends Doc>({ coll, knownIndexes, serialise, maxTimeMs, unlockedDeletes, claimed }: { coll: MongoCollection<MongoDoc>; knownIndexes: IndexFields; serialise: WriteLock; maxTimeMs: number; unlockedDeletes: boolean; claimed?: Claimed }): Collection<T> {
  const limit = { maxTimeMS: maxTimeMs };
  const tooLong = overTime(maxTimeMs);
  const fail = mapWriteError({ coll, knownIndexes });
  const write = <R>(run: () => Promise<R>): Promise<R> => serialise(coll.collectionName, run);
  const asT = (doc: MongoDoc | null): T | null => doc as unknown as T | null;
  const findOneAndUpdate: Collection<T>['findOneAndUpdate'] = async (filter, update, options = {}) => {
    const written = <R>(run: () => Promise<R>): Promise<R> => (options.soleWriter ? run() : write(run));
    const mongoFilter = checkedFilter(filter);
    // Mongo would invent an ObjectId for an upserted document; ours are strings.
    const needsId = options.upsert && !('_id' in equalityFields(parseFilter(filter))) && !update.$setOnInsert?._id;
    const mongoUpdate = checkedUpdate(update, needsId ? randomUUID() : undefined);
    const result = await written(() =>
      coll.findOneAndUpdate(mongoFilter, mongoUpdate, { upsert: options.upsert ?? false, returnDocument: options.returnDocument ?? 'after', includeResultMetadata: true, ...limit }),
    )
      .catch(tooLong)
      .catch(fail);
    const inserted = result.lastErrorObject?.upserted as string | undefined;
    const lost = inserted === undefined ? {} : emptyArraysOf(mongoUpdate.$setOnInsert);
    if (inserted === undefined || Object.keys(lost).length === 0) return asT(result.value);
    // FerretDB drops a top-level empty array from the $setOnInsert of an upsert: set it after.
    await written(() => coll.updateOne({ _id: inserted }, { $set: lost }));
    return asT(result.value && options.returnDocument !== 'before' ? { ...result.value, ...lost } : result.value);
  };
  return {
    // Each insert is its own write on MongoDB: `groupCommit` is SQLite's.
    async insertOne(doc) {
      const plainDoc = checkedDoc(doc);
      await coll.insertOne(plainDoc).catch(mapWriteError({ coll, knownIndexes, doc: plainDoc }));
      return doc;
    },
    async insertMany(docs) {
      if (docs.length === 0) return 0;
      const result = await coll.insertMany(docs.map(checkedDoc)).catch(fail);
      return result.insertedCount;
    },
    async insertEach(docs) {
      if (docs.length === 0) return [];
      const refused = new Set(
        await coll
          .insertMany(docs.map(checkedDoc), { ordered: false })
          .then((): number[] => [])
          .catch(refusedWrites(fail)),
      );
      return docs.map((_, i) => !refused.has(i));
    },
    async findOne(filter, options = {}) {
      return asT(await coll.findOne(checkedFilter(filter), { sort: options.sort, ...limit }).catch(tooLong));
    },
    async find(filter, options = {}) {
      const docs = await coll
        .find(checkedFilter(filter), { ...paging(options), ...limit })
        .toArray()
        .catch(tooLong);
      return docs as unknown as T[];
    },
    // A slow count (CountOptions) needs nothing more: the database server counts, not this thread.
    async count(filter) {
      return coll.countDocuments(checkedFilter(filter), limit).catch(tooLong);
    },
    async updateOne(filter, update) {
      const [mongoFilter, mongoUpdate] = [checkedFilter(filter), checkedUpdate(update)];
      const result = await write(() => coll.updateOne(mongoFilter, mongoUpdate, limit))
        .catch(tooLong)
        .catch(fail);
      return { matched: result.matchedCount, modified: result.modifiedCount };
    },
    async updateMany(filter, update) {
      const [mongoFilter, mongoUpdate] = [checkedFilter(filter), checkedUpdate(update)];
      const result = await write(() => coll.updateMany(mongoFilter, mongoUpdate, limit))
        .catch(tooLong)
        .catch(fail);
      return { matched: result.matchedCount, modified: result.modifiedCount };
    },
    async findOneAndUpdate(filter, update, options = {}) {
      const { claim } = options;
      if (claimed && claim !== undefined) return claimed({ key: `${coll.collectionName}#${claim}`, update: () => findOneAndUpdate(filter, update, options) });
      try {
        return await findOneAndUpdate(filter, update, options);
      } catch (err) {
        // Two upserts of one new key race to insert; the loser updates what the winner wrote.
        if (options.upsert && err instanceof DuplicateKeyError && err.fields.includes('_id')) return findOneAndUpdate(filter, update, options);
        throw err;
      }
    },
    async findOneAndDelete(filter, options = {}) {
      const mongoFilter = checkedFilter(filter);
      const { claim } = options;
      const deleteOnce = async (): Promise<T | null> => asT(await deleteFoundOnce({ coll, filter: mongoFilter, sort: options.sort, ...limit }).catch(tooLong));
      if (claimed && claim !== undefined) return claimed({ key: `${coll.collectionName}#${claim}`, update: deleteOnce });
      if (unlockedDeletes) return deleteOnce();
      return asT(await write(() => coll.findOneAndDelete(mongoFilter, { sort: options.sort, ...limit })).catch(tooLong));
    },
    async deleteOne(filter) {
      const mongoFilter = checkedFilter(filter);
      return (await write(() => coll.deleteOne(mongoFilter, limit)).catch(tooLong)).deletedCount;
    },
    async deleteMany(filter) {
      const mongoFilter = checkedFilter(filter);
      return (await write(() => coll.deleteMany(mongoFilter, limit)).catch(tooLong)).deletedCount;
    },
  };
}

/** FerretDB answers buildInfo with its own version besides the MongoDB version it imitates. */
async function isFerretDb(db: Db): Promise<boolean> {
  const info = await db.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string';
}

/** `maxTimeMs`: how long the server may spend on one operation (time-limit.ts). */
export async function openMongoStore({ uri, dbName, maxTimeMs = MAX_TIME_MS }: { uri: string; dbName: string; maxTimeMs?: number }): Promise<Store> {
  const client = new MongoClient(uri, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(dbName);
  const knownIndexes: IndexFields = new Map([['_id_', ['_id']]]);
  const ferretDb = await isFerretDb(db);
  const serialise = ferretDb ? createWriteLock(db) : noWriteLock;
  // One per store: it prunes the claims killed writers left (update-claim.ts).
  const claimed = ferretDb ? updateClaims({ claims: db.collection<ClaimDoc>(CLAIMS_COLLECTION), maxTimeMS: maxTimeMs }) : undefined;
  return {
    engine: 'mongodb',
    collection<T extends Doc = Doc>(name: string, options: CollectionOptions = {}): Collection<T> {
      const lockFree = options.lockFree ?? false;
      return createMongoCollection<T>({ coll: db.collection<MongoDoc>(name), knownIndexes, serialise: lockFree ? noWriteLock : serialise, maxTimeMs, unlockedDeletes: lockFree && ferretDb, claimed: lockFree ? claimed : undefined });
    },
    async ensureIndex(spec) {
      // No MongoDB index answers an unanchored case-insensitive $regex: it stays a scan (docs/storage.md).
      if ('contains' in spec) return;
      if (Object.keys(spec.fields).length === 0) throw new InvalidQueryError('An index needs at least one field');
      knownIndexes.set(defaultIndexName(spec.fields), Object.keys(spec.fields));
      const options = { unique: spec.unique ?? false, ...(spec.sparse ? { sparse: true } : {}) };
      await db
        .collection(spec.collection)
        .createIndex(spec.fields, options)
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? new DuplicateKeyError(spec.collection, Object.keys(spec.fields)) : err;
        });
    },
    async dropIndex(spec) {
      if ('contains' in spec) return;
      // Mongo names an index by its fields alone, so the unique and the plain one share a name.
      await db
        .collection(spec.collection)
        .dropIndex(defaultIndexName(spec.fields))
        .catch((err: unknown) => {
          if (!(err instanceof MongoServerError && (err.code === INDEX_NOT_FOUND || err.code === NAMESPACE_NOT_FOUND))) throw err;
        });
    },
    async close() {
      await client.close();
    },
  };
}
