// The MongoDB engine: the official driver, with filters and updates checked against the
// same allow-list as SQLite before they are sent, string _ids, and documents reduced to
// plain JSON (Dates become ISO strings, undefined fields are dropped) as on SQLite.
import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError } from 'mongodb';
import type { Collection as MongoCollection, Filter as MongoFilter, UpdateFilter } from 'mongodb';
import { DuplicateKeyError, InvalidQueryError } from '../port';
import type { Collection, Doc, Filter, FindOptions, Store, Update } from '../port';
import { equalityFields, parseFilter } from '../filter';
import { parseUpdate } from '../update';

type MongoDoc = Doc & Record<string, unknown>;

const DUPLICATE_KEY = 11000;

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function checkedDoc(doc: Doc): MongoDoc {
  if (typeof doc._id !== 'string' || doc._id === '') throw new InvalidQueryError('A document needs a non-empty string _id');
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

function paging(options: FindOptions): { sort?: Record<string, 1 | -1>; skip?: number; limit?: number } {
  const { skip = 0, limit = 0 } = options;
  if (!Number.isInteger(skip) || skip < 0 || !Number.isInteger(limit) || limit < 0) {
    throw new InvalidQueryError('skip and limit must be non-negative integers');
  }
  return { sort: options.sort, skip, limit };
}

function mapDuplicate(name: string) {
  return (err: unknown): never => {
    if (err instanceof MongoServerError && err.code === DUPLICATE_KEY) {
      const pattern = (err as MongoServerError & { keyPattern?: Record<string, unknown> }).keyPattern;
      throw new DuplicateKeyError(name, Object.keys(pattern ?? { unknown: 1 }));
    }
    throw err;
  };
}

function createMongoCollection<T extends Doc>(coll: MongoCollection<MongoDoc>): Collection<T> {
  const fail = mapDuplicate(coll.collectionName);
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
  const client = new MongoClient(uri, { ignoreUndefined: true, serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const db = client.db(dbName);
  return {
    engine: 'mongodb',
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      return createMongoCollection<T>(db.collection<MongoDoc>(name));
    },
    async ensureIndex(spec) {
      if (Object.keys(spec.fields).length === 0) throw new InvalidQueryError('An index needs at least one field');
      await db.collection(spec.collection).createIndex(spec.fields, { unique: spec.unique ?? false });
    },
    async close() {
      await client.close();
    },
  };
}
