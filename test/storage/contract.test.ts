// The storage port's contract, run against every available engine.
import { DuplicateKeyError, InvalidQueryError } from '../../server/storage/port';
import type { Collection, Doc, Filter, Store, Update } from '../../server/storage/port';
import { engines } from './engines';
import type { Server } from './engines';

interface Item extends Doc {
  name?: string;
  n?: number | string | null;
  tags?: string[];
  meta?: { owner?: string; score?: number };
  list?: { k: string; v?: number }[];
}

const items: Item[] = [
  { _id: 'a', name: 'Alpha', n: 1, tags: ['red', 'blue'], meta: { owner: 'u1', score: 10 }, list: [{ k: 'x', v: 1 }] },
  { _id: 'b', name: 'beta', n: 2, tags: ['blue'], meta: { owner: 'u2', score: 20 }, list: [{ k: 'y' }] },
  { _id: 'c', name: 'Gamma', n: '2', tags: [], meta: { owner: 'u1' } },
  { _id: 'd', name: 'delta', n: null },
  { _id: 'e', n: 5.5, tags: ['green'] },
];

const ids = (docs: Doc[]): string[] => docs.map((d) => d._id).sort();

describe.each(engines)('storage contract on $name', ({ open, server: askServer }) => {
  let server: Server;
  let store: Store;
  let coll: Collection<Item>;
  let seq = 0;

  beforeAll(async () => {
    store = await open();
    server = await askServer();
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    seq += 1;
    coll = store.collection<Item>(`items${seq}`);
    await coll.insertMany(items);
  });

  describe('find with the filter grammar', () => {
    it.each<[string, Filter, string[]]>([
      ['everything for an empty filter', {}, ['a', 'b', 'c', 'd', 'e']],
      ['implicit equality on a string', { name: 'beta' }, ['b']],
      ['equality only within the same type (2 is not "2")', { n: 2 }, ['b']],
      ['equality against an array element', { tags: 'blue' }, ['a', 'b']],
      ['equality against a whole array', { tags: ['blue'] }, ['b']],
      ['null equality including missing fields', { n: null }, ['d']],
      ['null equality on a field some documents lack', { name: null }, ['e']],
      ['a dotted path into an object', { 'meta.owner': 'u1' }, ['a', 'c']],
      ['a dotted path through an array of objects', { 'list.k': 'y' }, ['b']],
      ['$ne also matching missing fields', { 'meta.owner': { $ne: 'u1' } }, ['b', 'd', 'e']],
      ['$gt on numbers only', { n: { $gt: 1 } }, ['b', 'e']],
      ['$gte and $lt together', { n: { $gte: 2, $lt: 6 } }, ['b', 'e']],
      ['$lte on strings only', { n: { $lte: '3' } }, ['c']],
      ['$in over mixed values', { n: { $in: [1, '2', null] } }, ['a', 'c', 'd']],
      ['$nin matching missing fields', { name: { $nin: ['Alpha', 'beta'] } }, ['c', 'd', 'e']],
      ['$exists true', { meta: { $exists: true } }, ['a', 'b', 'c']],
      ['$exists false on a dotted path', { 'meta.score': { $exists: false } }, ['c', 'd', 'e']],
      ['a case-insensitive $regex', { name: { $regex: '^(al|ga)', $options: 'i' } }, ['a', 'c']],
      ['a case-sensitive RegExp value', { name: /^[a-z]+a$/ }, ['b', 'd']],
      ['a case-insensitive literal $regex', { name: { $regex: 'ELT', $options: 'i' } }, ['d']],
      ['a case-sensitive literal $regex, not other cases', { name: { $regex: 'alph' } }, []],
      ['$regex over array elements', { tags: { $regex: '^gr' } }, ['e']],
      ['$not around a comparison (matching missing)', { n: { $not: { $gt: 1 } } }, ['a', 'c', 'd']],
      ['$or of two fields', { $or: [{ name: 'beta' }, { 'meta.score': 10 }] }, ['a', 'b']],
      ['$and with nested $or', { $and: [{ 'meta.owner': 'u1' }, { $or: [{ n: 1 }, { n: '2' }] }] }, ['a', 'c']],
      ['_id comparisons', { _id: { $in: ['a', 'e', 'zz'] } }, ['a', 'e']],
      ['a string that reads like JSON, not the object', { meta: { $in: ['{"owner":"u2","score":20}'] } }, []],
      ['an object by its fields in order', { meta: { owner: 'u2', score: 20 } }, ['b']],
      ['null through an array of objects, where an element lacks the field', { 'list.v': null }, ['b', 'c', 'd', 'e']],
      ['$in with a whole array as a member', { tags: { $in: [['blue'], 'green'] } }, ['b', 'e']],
      ['$lt on elements of an array reached through an array', { 'list.v': { $lt: 2 } }, ['a']],
    ])('matches %s', async (_label, filter, expected) => {
      expect(ids(await coll.find(filter))).toEqual(expected);
      expect(await coll.count(filter)).toBe(expected.length);
    });

    it.each<[string, Filter, string]>([
      ['$where', { $where: 'this.n > 1' }, '$where'],
      ['$expr', { $expr: { $gt: ['$n', 1] } }, '$expr'],
      ['$nor', { $nor: [{ n: 1 }] }, '$nor'],
      ['$function inside a field', { n: { $function: {} } }, '$function'],
      ['$elemMatch', { list: { $elemMatch: { k: 'x' } } }, '$elemMatch'],
      ['$text', { $text: { $search: 'a' } }, '$text'],
      ['a $regex option other than i', { name: { $regex: 'a', $options: 'm' } }, '"m"'],
      ['a RegExp with the g flag', { name: /a/g }, '"g"'],
      ['a Date value', { n: new Date() }, 'ISO strings'],
      ['an object operand to $gt', { n: { $gt: { a: 1 } } }, '$gt'],
      ['a field path starting with $', { 'meta.$x': 1 }, 'meta.$x'],
    ])('rejects %s with InvalidQueryError', async (_label, filter, mention) => {
      const attempt = coll.find(filter);
      await expect(attempt).rejects.toThrow(InvalidQueryError);
      await expect(coll.count(filter)).rejects.toThrow(mention);
    });
  });

  describe('sorting and paging', () => {
    it('sorts by a dotted path, missing values first when ascending', async () => {
      const docs = await coll.find({}, { sort: { 'meta.score': 1, _id: 1 } });
      expect(docs.map((d) => d._id)).toEqual(['c', 'd', 'e', 'a', 'b']);
    });

    it('pages with skip and limit over a descending sort', async () => {
      const numbers = { n: { $in: [1, 2, 5.5] } };
      const first = await coll.find(numbers, { sort: { n: -1 }, limit: 2 });
      const second = await coll.find(numbers, { sort: { n: -1 }, skip: 2, limit: 2 });
      expect(first.map((d) => d._id)).toEqual(['e', 'b']);
      expect(second.map((d) => d._id)).toEqual(['a']);
    });

    it('orders numbers before strings when types are mixed', async () => {
      const docs = await coll.find({ n: { $exists: true, $ne: null } }, { sort: { n: 1 } });
      expect(docs.map((d) => d._id)).toEqual(['a', 'b', 'e', 'c']);
    });

    it('returns the first document by sort from findOne', async () => {
      expect((await coll.findOne({ 'meta.owner': 'u1' }, { sort: { name: -1 } }))?._id).toBe('c');
      expect(await coll.findOne({ name: 'nobody' })).toBeNull();
    });

    it('rejects a negative limit', async () => {
      await expect(coll.find({}, { limit: -1 })).rejects.toThrow(InvalidQueryError);
    });
  });

  describe('inserting', () => {
    it('returns documents exactly as inserted, nested values included', async () => {
      const doc: Item = { _id: 'n1', name: 'Ünïcode ✓ "quoted"', meta: { owner: 'u9', score: 0.25 }, list: [{ k: 'z', v: -3 }] };
      await coll.insertOne(doc);
      expect(await coll.findOne({ _id: 'n1' })).toEqual(doc);
    });

    it('rejects a second document with the same _id', async () => {
      await expect(coll.insertOne({ _id: 'a' })).rejects.toThrow(DuplicateKeyError);
      await expect(coll.insertOne({ _id: 'a' })).rejects.toMatchObject({ fields: ['_id'] });
    });

    it('rejects a document without a string _id', async () => {
      await expect(coll.insertOne({ _id: '' })).rejects.toThrow(InvalidQueryError);
    });

    it('counts what insertMany wrote', async () => {
      expect(await coll.insertMany([{ _id: 'm1' }, { _id: 'm2' }])).toBe(2);
      expect(await coll.count({})).toBe(items.length + 2);
    });

    it('stops insertMany at a duplicate: none after it is stored (SQLite stores none, MongoDB those before it)', async () => {
      await expect(coll.insertMany([{ _id: 'm1' }, { _id: 'm2' }, { _id: 'a' }, { _id: 'm4' }])).rejects.toThrow(DuplicateKeyError);
      const kept = (await coll.find({ _id: { $in: ['m1', 'm2', 'm4'] } }, { sort: { _id: 1 } })).map((doc) => doc._id);
      expect([[], ['m1', 'm2']]).toContainEqual(kept);
    });
    it('inserts each document on its own, refusing (not throwing) one whose _id is taken, and storing those after it', async () => {
      expect(await coll.insertEach([{ _id: 'e1' }, { _id: 'a' }, { _id: 'e3' }, { _id: 'e1' }])).toEqual([true, false, true, false]);
      expect((await coll.find({ _id: { $in: ['e1', 'e3'] } }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['e1', 'e3']);
      expect(await coll.insertEach([])).toEqual([]);
    });

    it('throws insertEach\'s other errors and stores none of its documents', async () => {
      await expect(coll.insertEach([{ _id: 'e5' }, { _id: '' }])).rejects.toThrow(InvalidQueryError);
      expect(await coll.findOne({ _id: 'e5' })).toBeNull();
    });
  });

  describe('updating', () => {
    it.each<[string, Update, Record<string, unknown>]>([
      ['$set on a dotted path creates objects on the way', { $set: { 'deep.er.x': 1 } }, { deep: { er: { x: 1 } } }],
      ['$unset removes a nested field', { $unset: { 'meta.score': 1 } }, { meta: { owner: 'u1' } }],
      ['$inc adds to a number', { $inc: { n: 2 } }, { n: 3 }],
      ['$inc starts a missing field at 0', { $inc: { 'meta.visits': 1 } }, { meta: { owner: 'u1', score: 10, visits: 1 } }],
      ['$push appends', { $push: { tags: 'green' } }, { tags: ['red', 'blue', 'green'] }],
      ['$push with $each appends several', { $push: { tags: { $each: ['x', 'y'] } } }, { tags: ['red', 'blue', 'x', 'y'] }],
      ['$pull removes equal elements', { $pull: { tags: 'red' } }, { tags: ['blue'] }],
    ])('applies %s', async (_label, update, expected) => {
      expect(await coll.updateOne({ _id: 'a' }, update)).toEqual({ matched: 1, modified: 1 });
      expect(await coll.findOne({ _id: 'a' })).toMatchObject(expected);
    });

    it('removes with $pull of an object the elements having its fields, but on FerretDB only elements equal to it', async () => {
      const pulled = await coll.updateOne({ _id: 'a' }, { $pull: { list: { k: 'x' } } });
      if (server === 'ferretdb') {
        expect(pulled).toEqual({ matched: 1, modified: 0 });
        expect(await coll.findOne({ _id: 'a' })).toMatchObject({ list: [{ k: 'x', v: 1 }] });
        await coll.updateOne({ _id: 'a' }, { $pull: { list: { k: 'x', v: 1 } } });
      } else {
        expect(pulled).toEqual({ matched: 1, modified: 1 });
      }
      expect(await coll.findOne({ _id: 'a' })).toMatchObject({ list: [] });
    });

    it('stores values as their JSON form: Dates as ISO strings, toJSON honoured, undefined dropped', async () => {
      const when = new Date('2026-01-02T03:04:05.000Z');
      const withToJson = { toJSON: () => ({ kind: 'cookie', expires: when }) };
      await coll.updateOne({ _id: 'a' }, { $set: { when, cookie: withToJson, gone: undefined } });
      const doc = await coll.findOne({ _id: 'a' });
      expect(doc).toMatchObject({ when: '2026-01-02T03:04:05.000Z', cookie: { kind: 'cookie', expires: '2026-01-02T03:04:05.000Z' } });
      expect(doc).not.toHaveProperty('gone');
    });

    it('reports a match without a modification when nothing changes', async () => {
      expect(await coll.updateOne({ _id: 'a' }, { $set: { name: 'Alpha' } })).toEqual({ matched: 1, modified: 0 });
    });

    it('updates every match with updateMany and only one with updateOne', async () => {
      expect(await coll.updateMany({ 'meta.owner': 'u1' }, { $set: { flagged: true } })).toEqual({ matched: 2, modified: 2 });
      expect(await coll.count({ flagged: true })).toBe(2);
      expect(await coll.updateOne({ tags: 'blue' }, { $set: { once: true } })).toEqual({ matched: 1, modified: 1 });
      expect(await coll.count({ once: true })).toBe(1);
    });

    it.each<[string, Update]>([
      ['an unknown operator', { $rename: { a: 'b' } } as unknown as Update],
      ['a change of _id', { $set: { _id: 'z' } }],
      ['conflicting paths', { $set: { meta: {}, 'meta.owner': 'x' } }],
      ['an empty update', {}],
      ['$inc with a string', { $inc: { n: '1' } } as unknown as Update],
      ['$inc onto a string', { $inc: { name: 1 } }],
      ['a field created inside a scalar', { $set: { 'n.x': 1 } }],
      ['a field created by name inside an array', { $set: { 'tags.x': 1 } }],
      ['$push onto a non-array', { $push: { name: 'x' } }],
    ])('rejects %s', async (_label, update) => {
      await expect(coll.updateOne({ _id: 'a' }, update)).rejects.toThrow(InvalidQueryError);
      expect(await coll.findOne({ _id: 'a' })).toEqual(items[0]);
    });
  });

  describe('findOneAndUpdate', () => {
    it('returns the document after the update by default and before when asked', async () => {
      expect(await coll.findOneAndUpdate({ _id: 'b' }, { $inc: { n: 1 } })).toMatchObject({ _id: 'b', n: 3 });
      expect(await coll.findOneAndUpdate({ _id: 'b' }, { $inc: { n: 1 } }, { returnDocument: 'before' })).toMatchObject({ n: 3 });
      expect(await coll.findOne({ _id: 'b' })).toMatchObject({ n: 4 });
    });

    it('returns null without upsert when nothing matches', async () => {
      expect(await coll.findOneAndUpdate({ _id: 'zz' }, { $set: { n: 1 } })).toBeNull();
      expect(await coll.count({ _id: 'zz' })).toBe(0);
    });

    it('upserts from the equality parts of the filter plus the update', async () => {
      const doc = await coll.findOneAndUpdate(
        { 'meta.owner': 'u7', n: { $gt: 100 }, name: { $eq: 'new' } },
        { $set: { tags: ['t'] }, $setOnInsert: { 'meta.score': 1 } },
        { upsert: true },
      );
      expect(doc).toMatchObject({ meta: { owner: 'u7', score: 1 }, name: 'new', tags: ['t'] });
      expect(doc).not.toHaveProperty('n');
      expect(typeof doc?._id).toBe('string');
      expect(await coll.findOne({ _id: doc?._id ?? '' })).toEqual(doc);
    });

    it('keeps the empty arrays and objects an upsert inserts', async () => {
      const doc = await coll.findOneAndUpdate({ _id: 'fresh' }, { $setOnInsert: { tags: [], meta: {}, name: 'F' } }, { upsert: true });
      expect(doc).toEqual({ _id: 'fresh', tags: [], meta: {}, name: 'F' });
      expect(await coll.findOne({ _id: 'fresh' })).toEqual(doc);
    });

    it('ignores $setOnInsert when the document exists', async () => {
      const doc = await coll.findOneAndUpdate({ _id: 'a' }, { $set: { name: 'A' }, $setOnInsert: { name2: 'x' } }, { upsert: true });
      expect(doc).toMatchObject({ name: 'A' });
      expect(doc).not.toHaveProperty('name2');
    });

    it('counts 50 parallel $inc upserts on one key as 50', async () => {
      const counters = store.collection<Doc & { hits: number }>(`counters${seq}`);
      await Promise.all(
        Array.from({ length: 50 }, () => counters.findOneAndUpdate({ _id: 'k' }, { $inc: { hits: 1 } }, { upsert: true })),
      );
      expect(await counters.findOne({ _id: 'k' })).toEqual({ _id: 'k', hits: 50 });
    });
  });

  describe('deleting', () => {
    it('findOneAndDelete removes and returns the first match by sort', async () => {
      expect((await coll.findOneAndDelete({ 'meta.owner': 'u1' }, { sort: { name: 1 } }))?._id).toBe('a');
      expect(await coll.count({ _id: 'a' })).toBe(0);
      expect(await coll.findOneAndDelete({ _id: 'a' })).toBeNull();
    });

    it('hands each document to exactly one of many parallel findOneAndDelete calls', async () => {
      const taken = await Promise.all(Array.from({ length: 12 }, () => coll.findOneAndDelete({})));
      const got = taken.filter((d): d is Item => d !== null).map((d) => d._id);
      expect(got.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(await coll.count({})).toBe(0);
    });

    it('deleteOne removes one match and deleteMany every match', async () => {
      expect(await coll.deleteOne({ 'meta.owner': 'u1' })).toBe(1);
      expect(await coll.deleteMany({ n: { $exists: true } })).toBe(4);
      expect(await coll.deleteMany({ n: { $exists: true } })).toBe(0);
    });
  });

  describe('indexes', () => {
    it('rejects a duplicate value under a unique index, on insert and on update', async () => {
      await store.ensureIndex({ collection: `items${seq}`, fields: { name: 1 }, unique: true });
      await store.ensureIndex({ collection: `items${seq}`, fields: { name: 1 }, unique: true });
      await expect(coll.insertOne({ _id: 'x', name: 'beta' })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: ['name'] });
      await expect(coll.updateOne({ _id: 'a' }, { $set: { name: 'Gamma' } })).rejects.toThrow(DuplicateKeyError);
      expect(await coll.findOne({ _id: 'a' })).toMatchObject({ name: 'Alpha' });
    });

    it('enforces compound unique indexes on the combination only', async () => {
      await store.ensureIndex({ collection: `items${seq}`, fields: { 'meta.owner': 1, n: -1 }, unique: true });
      await coll.insertOne({ _id: 'x', meta: { owner: 'u1' }, n: 7 });
      await expect(coll.insertOne({ _id: 'y', meta: { owner: 'u1' }, n: 7 })).rejects.toMatchObject({ fields: ['meta.owner', 'n'] });
    });

    it('treats documents missing a unique field as equal nulls on MongoDB, as distinct on SQLite and FerretDB', async () => {
      await coll.deleteMany({ name: { $exists: false } });
      await store.ensureIndex({ collection: `items${seq}`, fields: { name: 1 }, unique: true });
      await coll.insertOne({ _id: 'x' });
      const second = coll.insertOne({ _id: 'y' });
      if (server === 'mongodb') await expect(second).rejects.toThrow(DuplicateKeyError);
      else await expect(second).resolves.toEqual({ _id: 'y' });
    });

    it('lets many documents miss a sparse unique field on every engine', async () => {
      await coll.deleteMany({ name: { $exists: false } });
      await store.ensureIndex({ collection: `items${seq}`, fields: { name: 1 }, unique: true, sparse: true });
      await coll.insertOne({ _id: 'x' });
      await expect(coll.insertOne({ _id: 'y' })).resolves.toEqual({ _id: 'y' });
      await expect(coll.insertOne({ _id: 'z', name: 'beta' })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: ['name'] });
    });

    it('refuses a unique index over values that already repeat, naming its fields', async () => {
      await coll.insertOne({ _id: 'x', name: 'beta' });
      await expect(store.ensureIndex({ collection: `items${seq}`, fields: { name: 1 }, unique: true })).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        fields: ['name'],
      });
    });

    it('dropIndex removes a unique index, so the value may repeat, and ignores a missing one', async () => {
      const spec = { collection: `items${seq}`, fields: { name: 1 as const }, unique: true };
      await store.ensureIndex(spec);
      await store.dropIndex(spec);
      await store.dropIndex(spec);
      await expect(coll.insertOne({ _id: 'x', name: 'beta' })).resolves.toEqual({ _id: 'x', name: 'beta' });
      await store.dropIndex({ collection: `never${seq}`, fields: { name: 1 } });
    });

    it('dropIndex then ensureIndex turns a plain index into a unique one', async () => {
      const plain = { collection: `items${seq}`, fields: { name: 1 as const } };
      await store.ensureIndex(plain);
      await store.dropIndex(plain);
      await store.ensureIndex({ ...plain, unique: true });
      await expect(coll.insertOne({ _id: 'x', name: 'beta' })).rejects.toThrow(DuplicateKeyError);
    });
  });
});
