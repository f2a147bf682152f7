// Server errors turned into the port's: a duplicate key becomes DuplicateKeyError naming the
// violated index's fields, an update the stored document cannot take becomes InvalidQueryError
// (SQLite finds those in JS before writing; MongoDB only when it applies the update).
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import type { Collection as MongoCollection } from 'mongodb';
import { DuplicateKeyError, InvalidQueryError } from '../port';
import type { Doc } from '../port';

const DUPLICATE_KEY = 11000;
const INTERNAL_ERROR = 1;
/** BadValue ($push onto a non-array), TypeMismatch ($inc onto a non-number), PathNotViable (a field inside a scalar or named inside an array). */
const UPDATE_NOT_APPLICABLE = new Set([2, 14, 28]);

type Fields = Record<string, unknown>;
export type MongoDoc = Doc & Fields;

/** Fields of each index by its name (`email_1`, `ownerId_1_createdAt_-1`, `_id_`), learnt from ensureIndex. */
export type IndexFields = Map<string, string[]>;

export const defaultIndexName = (fields: Record<string, 1 | -1>): string =>
  Object.entries(fields)
    .map(([field, dir]) => `${field}_${dir}`)
    .join('_');

const valueAt = (doc: Fields, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Fields)[key] : undefined), doc);

/**
 * FerretDB's duplicate key error on insert names neither index nor key, so the fields are found
 * by asking which unique index already holds the rejected document's values.
 */
async function violatedBy(coll: MongoCollection<MongoDoc>, doc: MongoDoc): Promise<string[] | undefined> {
  if (await coll.findOne({ _id: doc._id })) return ['_id'];
  for (const index of await coll.listIndexes().toArray()) {
    const fields = Object.keys(index.key as Fields);
    if (!index.unique || fields.includes('_id')) continue;
    const same = Object.fromEntries(fields.map((f) => [f, valueAt(doc, f) ?? null]));
    if (await coll.findOne({ ...same, _id: { $ne: doc._id } })) return fields;
  }
  return undefined;
}

/** The fields of a named index; asks the server when this process did not create it. */
async function fieldsOfIndex({ coll, name, knownIndexes }: { coll: MongoCollection<MongoDoc>; name: string; knownIndexes: IndexFields }): Promise<string[] | undefined> {
  const known = knownIndexes.get(name);
  if (known) return known;
  const index = (await coll.listIndexes().toArray()).find((i) => i.name === name);
  return index && Object.keys(index.key as Fields);
}

async function duplicateFields({ err, coll, doc, knownIndexes }: { err: MongoServerError; coll: MongoCollection<MongoDoc>; doc?: MongoDoc; knownIndexes: IndexFields }): Promise<string[]> {
  // MongoDB: single writes carry keyPattern, bulk writes name the index in the message.
  const pattern = (err as MongoServerError & { keyPattern?: Fields }).keyPattern;
  if (pattern) return Object.keys(pattern);
  const index = /index: (\S+) dup key/.exec(err.message)?.[1];
  const fields = index && (await fieldsOfIndex({ coll, name: index, knownIndexes }));
  if (fields) return fields;
  const rejected = doc ?? (err instanceof MongoBulkWriteError ? ([err.writeErrors].flat()[0]?.getOperation() as MongoDoc | undefined) : undefined);
  return (rejected && (await violatedBy(coll, rejected))) || ['unknown'];
}

/** FerretDB on SQLite reports a unique index broken by an update as SQLite's own error. */
const sqliteUniqueIndex = (err: MongoServerError): string | undefined =>
  err.code === INTERNAL_ERROR ? /UNIQUE constraint failed: index '[^']*?_[0-9a-f]{8}_([^']+)'/.exec(err.message)?.[1] : undefined;

/** FNV-1a, 32 bits, as hex: FerretDB on PostgreSQL ends an index's SQL name with it, taken of the index's name. */
function fnv1a32(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * FerretDB on PostgreSQL reports a broken unique index as PostgreSQL's own error (SQLSTATE 23505),
 * naming the SQL index `<table>_<index>_<fnv1a32 of the index's name>_idx`: the hash it ends with.
 */
const postgresUniqueIndexHash = (err: MongoServerError): string | undefined =>
  err.code === INTERNAL_ERROR && err.message.includes('SQLSTATE 23505') ? /unique (?:constraint|index) "[^"]*_([0-9a-f]{8})_idx"/.exec(err.message)?.[1] : undefined;

/** The fields of the index whose name hashes to `hash` (see postgresUniqueIndexHash). */
async function fieldsOfHashedIndex({ coll, hash, knownIndexes }: { coll: MongoCollection<MongoDoc>; hash: string; knownIndexes: IndexFields }): Promise<string[] | undefined> {
  for (const [name, fields] of knownIndexes) if (fnv1a32(name) === hash) return fields;
  const index = (await coll.listIndexes().toArray()).find((i) => typeof i.name === 'string' && fnv1a32(i.name) === hash);
  return index && Object.keys(index.key as Fields);
}

/** FerretDB over PostgreSQL keeps documents as jsonb, which cannot hold U+0000 in a text (SQLSTATE 22P05). */
const postgresRefusesNul = (err: MongoServerError): boolean => err.code === INTERNAL_ERROR && err.message.includes('SQLSTATE 22P05');

export const NUL_NOT_STORABLE = 'A text holding the NUL character (U+0000) cannot be stored in this database: leave the character out';

/** Whether an error is a unique index refusing values (MongoDB's code, or FerretDB's SQLite or PostgreSQL error). */
export const isUniqueViolation = (err: unknown): boolean =>
  err instanceof MongoServerError && (err.code === DUPLICATE_KEY || sqliteUniqueIndex(err) !== undefined || postgresUniqueIndexHash(err) !== undefined);

/**
 * A `.catch` for an unordered insertMany: the indexes of the documents refused as duplicates
 * (MongoDB and FerretDB both answer code 11000 per document); any other error goes to `fail`.
 */
export function refusedWrites(fail: (err: unknown) => Promise<never>) {
  return async (err: unknown): Promise<number[]> => {
    if (!(err instanceof MongoBulkWriteError)) return fail(err);
    const errors = [err.writeErrors].flat();
    if (errors.length === 0 || errors.some((writeError) => writeError.code !== DUPLICATE_KEY)) return fail(err);
    return errors.map((writeError) => writeError.index);
  };
}

/** A `.catch` for writes; `doc` is the document an insert tried to write. */
export function mapWriteError({ coll, knownIndexes, doc }: { coll: MongoCollection<MongoDoc>; knownIndexes: IndexFields; doc?: MongoDoc }) {
  return async (err: unknown): Promise<never> => {
    if (!(err instanceof MongoServerError)) throw err;
    if (err.code === DUPLICATE_KEY) throw new DuplicateKeyError(coll.collectionName, await duplicateFields({ err, coll, doc, knownIndexes }));
    const sqliteIndex = sqliteUniqueIndex(err);
    if (sqliteIndex) throw new DuplicateKeyError(coll.collectionName, (await fieldsOfIndex({ coll, name: sqliteIndex, knownIndexes })) ?? ['unknown']);
    const postgresIndex = postgresUniqueIndexHash(err);
    if (postgresIndex) throw new DuplicateKeyError(coll.collectionName, (await fieldsOfHashedIndex({ coll, hash: postgresIndex, knownIndexes })) ?? ['unknown']);
    if (typeof err.code === 'number' && UPDATE_NOT_APPLICABLE.has(err.code)) throw new InvalidQueryError(err.message);
    if (postgresRefusesNul(err)) throw new InvalidQueryError(NUL_NOT_STORABLE);
    throw err;
  };
}
