// The MongoDB engine with two stores (two connections, as two instances have) on one database:
// writes stay atomic per document across them (on FerretDB through the adapter's write lock),
// and server errors arrive as the port's errors. Runs only where MONGODB_URI is set.
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError } from '../../server/storage/port';
import type { Doc, Store } from '../../server/storage/port';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { LOCKS } from '../../server/storage/mongo/write-lock';

const uri = process.env.MONGODB_URI;
const describeMongo = uri ? describe : describe.skip;
if (!uri) console.warn('mongo-writes tests: MONGODB_URI is not set, so they are skipped (npm run test:mongo runs them).');

interface Job extends Doc {
  state: 'queued' | 'taken';
  leaseId?: string;
  hits?: number;
  email?: string;
}

describeMongo('MongoDB engine with two connections on one database', () => {
  let first: Store;
  let second: Store;
  let seq = 0;
  const name = (): string => `jobs${seq}`;

  beforeAll(async () => {
    const dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
    first = await openMongoStore({ uri: uri ?? '', dbName });
    second = await openMongoStore({ uri: uri ?? '', dbName });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });
  beforeEach(() => {
    seq += 1;
  });

  const queue = async (count: number): Promise<void> => {
    await first.collection<Job>(name()).insertMany(Array.from({ length: count }, (_, i) => ({ _id: `j${i}`, state: 'queued' as const })));
  };

  it('counts parallel $inc from both connections exactly', async () => {
    const bump = (store: Store) => store.collection<Job>(name()).findOneAndUpdate({ _id: 'k' }, { $inc: { hits: 1 } }, { upsert: true });
    await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i % 2 === 0 ? first : second)));
    expect(await first.collection<Job>(name()).findOne({ _id: 'k' })).toMatchObject({ hits: 40 });
  });

  it('hands each queued document to one findOneAndDelete across both connections', async () => {
    await queue(10);
    const take = (store: Store) => store.collection<Job>(name()).findOneAndDelete({ state: 'queued' }, { sort: { _id: 1 } });
    const taken = await Promise.all(Array.from({ length: 16 }, (_, i) => take(i % 2 === 0 ? first : second)));
    const ids = taken.filter((doc): doc is Job => doc !== null).map((doc) => doc._id);
    expect(ids.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `j${i}`).sort());
  });

  it('gives each document to one of several leasing updateMany claims', async () => {
    await queue(30);
    const claim = async (store: Store): Promise<string[]> => {
      const jobs = store.collection<Job>(name());
      const leaseId = randomUUID();
      const candidates = await jobs.find({ state: 'queued' }, { limit: 10 });
      await jobs.updateMany({ state: 'queued', _id: { $in: candidates.map((j) => j._id) } }, { $set: { state: 'taken', leaseId } });
      return (await jobs.find({ leaseId })).map((j) => j._id);
    };
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => claim(i % 2 === 0 ? first : second)));
    const all = claims.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(await first.collection<Job>(name()).count({ state: 'taken' })).toBe(all.length);
  });

  it('names the unique index an insert, an insertMany or an update breaks', async () => {
    await first.ensureIndex({ collection: name(), fields: { email: 1 }, unique: true });
    const jobs = second.collection<Job>(name());
    await jobs.insertOne({ _id: 'a', state: 'queued', email: 'a@example.com' });
    await jobs.insertOne({ _id: 'b', state: 'queued', email: 'b@example.com' });
    await expect(jobs.insertOne({ _id: 'c', state: 'queued', email: 'a@example.com' })).rejects.toMatchObject({ fields: ['email'] });
    await expect(jobs.insertMany([{ _id: 'd', state: 'queued' }, { _id: 'a', state: 'queued' }])).rejects.toMatchObject({ fields: ['_id'] });
    const update = jobs.updateOne({ _id: 'b' }, { $set: { email: 'a@example.com' } });
    await expect(update).rejects.toThrow(DuplicateKeyError);
    await expect(jobs.updateOne({ _id: 'b' }, { $set: { email: 'a@example.com' } })).rejects.toMatchObject({ fields: ['email'] });
  });

  describe('a lock-free collection (port.ts, CollectionOptions)', () => {
    const lockFree = (store: Store) => store.collection<Job>(name(), { lockFree: true });

    it('returns each document to one of the deletes racing for it across both connections', async () => {
      await queue(10);
      const ids = Array.from({ length: 10 }, (_, i) => `j${i}`);
      const taken = await Promise.all([...ids, ...ids].map((id, i) => lockFree(i % 2 === 0 ? first : second).findOneAndDelete({ _id: id })));
      expect(taken.filter((doc): doc is Job => doc !== null).map((doc) => doc._id).sort()).toEqual([...ids].sort());
      expect(await lockFree(first).count({})).toBe(0);
    });

    it('writes at once while a dead writer has left its lock document on the collection', async () => {
      await queue(3);
      await first.collection(LOCKS).insertOne({ _id: name(), token: 'killed-instance', expires: Date.now() + 30_000 });
      try {
        const started = performance.now();
        await lockFree(second).updateOne({ _id: 'j0' }, { $set: { state: 'taken' } });
        await lockFree(second).findOneAndUpdate({ _id: 'j1' }, { $set: { state: 'taken' } });
        expect(await lockFree(second).findOneAndDelete({ _id: 'j2' })).toMatchObject({ _id: 'j2' });
        expect(await lockFree(second).deleteOne({ _id: 'j0' })).toBe(1);
        expect(performance.now() - started).toBeLessThan(1000);
        expect(await lockFree(first).find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'j1', state: 'taken' }]);
      } finally {
        await first.collection(LOCKS).deleteOne({ _id: name() });
      }
    });
  });
});
