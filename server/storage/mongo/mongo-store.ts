// The MongoDB engine: the official driver, with filters and updates checked against the
// same allow-list as SQLite before they are sent, string _ids, and documents reduced to
// plain JSON (Dates become ISO strings, undefined fields are dropped) as on SQLite.
import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError } from 'mongodb';
import type { Collection as MongoCollection, Filter as MongoFilter, UpdateFilter } from 'mongodb';
import { DuplicateKeyError, InvalidQueryError } from '../port';
import type { Collection, Doc, Filter, FindOptions, Store, Update } from '../port';
import { checkDocId, checkPaging, equalityFields, parseFilter } from '../filter';
import { parseUpdate } from '../update';

type MongoDoc = Doc & Record<string, unknown>;

const DUPLICATE_KEY = 11000;

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

const paging = (options: FindOptions): { sort?: Record<string, 1 | -1>; skip: number; limit: number } => ({
  sort: options.sort,
  ...checkPaging(options),
});

/** Fields of each index by MongoDB's default index name (`email_1`, `ownerId_1_createdAt_-1`, `_id_`). */
type IndexFields = Map<string, string[]>;
const defaultIndexName = (fields: Record<string, 1 | -1>): string =>
  Object.entries(fields)
    .map(([field, dir]) => `${field}_${dir}`)
    .join('_');

function duplicateFields(err: MongoServerError, knownIndexes: IndexFields): string[] {
  // Single writes carry keyPattern; bulk writes only name the index in the message.
  const pattern = (err as MongoServerError & { keyPattern?: Record<string, unknown> }).keyPattern;
  if (pattern) return Object.keys(pattern);
  const index = /index: (\S+) dup key/.exec(err.message)?.[1];
  return (index && knownIndexes.get(index)) || ['unknown'];
}

function mapDuplicate(name: string, knownIndexes: IndexFields) {
  return (err: unknown): never => {
    if (err instanceof MongoServerError && err.code === DUPLICATE_KEY) throw new DuplicateKeyError(name, duplicateFields(err, knownIndexes));
    throw err;
  };
}

function createMongoCollection<T extends Doc>(coll: MongoCollection<MongoDoc>, knownIndexes: IndexFields): Collection<T> {
  const fail = mapDuplicate(coll.collectionName, knownIndexes);
  const asT = (doc: MongoDoc | null): T | null => doc as unknown as T | null;
  return {
    async insertOne(doc) {
      await coll.insertOne(checkedDoc(doc)).catch(fail);
      return doc;
    },
    async insertMany(docs) {
      if (docs.length === 0) return 0;
      const result = await coll.insertMany(docs.map(checkedDoc)).catch(fail);
      return result.insertedCount;
    },
    async findOne(filter, options = {}) {
      return asT(await coll.findOne(checkedFilter(filter), { sort: options.sort }));
    },
    async find(filter, options = {}) {
      const docs = await coll.find(checkedFilter(filter), paging(options)).toArray();
      return docs as unknown as T[];
    },
    async count(filter) {
      return coll.countDocuments(checkedFilter(filter));
    },
    async updateOne(filter, update) {
      const result = await coll.updateOne(checkedFilter(filter), checkedUpdate(update)).catch(fail);
      return { matched: result.matchedCount, modified: result.modifiedCount };
    },
    async updateMany(filter, update) {
      const result = await coll.updateMany(checkedFilter(filter), checkedUpdate(update)).catch(fail);
      return { matched: result.matchedCount, modified: result.modifiedCount };
    },
    async findOneAndUpdate(filter, update, options = {}) {
      const mongoFilter = checkedFilter(filter);
      // Mongo would invent an ObjectId for an upserted document; ours are strings.
      const needsId = options.upsert && !('_id' in equalityFields(parseFilter(filter))) && !update.$setOnInsert?._id;
      const doc = await coll
        .findOneAndUpdate(mongoFilter, checkedUpdate(update, needsId ? randomUUID() : undefined), {
          upsert: options.upsert ?? false,
          returnDocument: options.returnDocument ?? 'after',
        })
        .catch(fail);
      return asT(doc);
    },
    async findOneAndDelete(filter, options = {}) {
      return asT(await coll.findOneAndDelete(checkedFilter(filter), { sort: options.sort }));
    },
    async deleteOne(filter) {
      return (await coll.deleteOne(checkedFilter(filter))).deletedCount;
    },
    async deleteMany(filter) {
      return (await coll.deleteMany(checkedFilter(filter))).deletedCount;
    },
  };
}

export async function openMongoStore({ uri, dbName }: { uri: string; dbName: string }): Promise<Store> {
  const client = new MongoClient(uri, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(dbName);
  const knownIndexes: IndexFields = new Map([['_id_', ['_id']]]);
  return {
    engine: 'mongodb',
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      return createMongoCollection<T>(db.collection<MongoDoc>(name), knownIndexes);
    },
    async ensureIndex(spec) {
      if (Object.keys(spec.fields).length === 0) throw new InvalidQueryError('An index needs at least one field');
      knownIndexes.set(defaultIndexName(spec.fields), Object.keys(spec.fields));
      await db.collection(spec.collection).createIndex(spec.fields, { unique: spec.unique ?? false });
    },
    async close() {
      await client.close();
    },
  };
}
