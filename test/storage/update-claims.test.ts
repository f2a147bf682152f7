// FerretDB's claims for exact pinned updates and deletes (storage/mongo/update-claim.ts): a claim a
// killed writer left blocks its key for CLAIM_TAKEOVER_MS and no longer, a store's first claim
// prunes every claim older than that, and a pinned update and delete of one version never both
// happen. Runs on the MongoDB engine only (FerretDB is the only engine that claims).
import { randomUUID } from 'node:crypto';
import type { Doc, Store } from '../../server/storage/port';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { CLAIM_TAKEOVER_MS, CLAIMS_COLLECTION } from '../../server/storage/mongo/update-claim';
import type { ClaimDoc } from '../../server/storage/mongo/update-claim';
import { engines } from './engines';

const uri = process.env.MONGODB_URI;
const describeMongo = uri ? describe : describe.skip;

interface Item extends Doc {
  v: number;
}

describeMongo('update claims on FerretDB', () => {
  // A database per test: each starts with no claims.
  let dbName = '';
  let stores: Store[] = [];
  let ferretDb = false;
  const open = async (): Promise<Store> => {
    const store = await openMongoStore({ uri: uri ?? '', dbName });
    stores.push(store);
    return store;
  };
  const claims = (store: Store) => store.collection<ClaimDoc & Doc>(CLAIMS_COLLECTION);
  const items = (store: Store) => store.collection<Item>('items', { lockFree: true });
  /** The pinned update a client with version `v` sends. */
  const pinned = (store: Store, id: string, v: number) => items(store).findOneAndUpdate({ _id: id, v }, { $set: { v: v + 1 } }, { claim: `${id}#${v}` });
  const stale = (): number => Date.now() - CLAIM_TAKEOVER_MS - 1000;

  beforeAll(async () => {
    ferretDb = (await engines.find((engine) => engine.name === 'mongodb')?.server()) === 'ferretdb';
  });
  beforeEach(() => {
    dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    stores = [];
  });

  it('a claim older than CLAIM_TAKEOVER_MS does not block the update of its key; a fresh one does, as a lost race', async () => {
    if (!ferretDb) return;
    const store = await open();
    await items(store).insertMany([{ _id: 'warm', v: 1 }, { _id: 'a', v: 1 }, { _id: 'b', v: 1 }]);
    // The store's first claim prunes: spent here, so the old claim below meets the takeover.
    expect(await pinned(store, 'warm', 1)).toMatchObject({ v: 2 });
    await claims(store).insertMany([
      { _id: 'items#a#1', at: stale() },
      { _id: 'items#b#1', at: Date.now() },
    ]);
    expect(await pinned(store, 'a', 1)).toMatchObject({ v: 2 });
    expect(await pinned(store, 'b', 1)).toBeNull();
    expect(await items(store).findOne({ _id: 'b' })).toMatchObject({ v: 1 });
    expect((await claims(store).find({})).map((claim) => claim._id)).toEqual(['items#b#1']);
  });

  it('of several stores taking over one old claim at once, exactly one updates', async () => {
    if (!ferretDb) return;
    const all = await Promise.all(Array.from({ length: 4 }, () => open()));
    await items(all[0]).insertOne({ _id: 'c', v: 1 });
    await claims(all[0]).insertOne({ _id: 'items#c#1', at: stale() });
    const results = await Promise.all(all.map((store) => pinned(store, 'c', 1)));
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await items(all[0]).findOne({ _id: 'c' })).toMatchObject({ v: 2 });
  });

  it("a store's first claim removes every claim older than CLAIM_TAKEOVER_MS, whatever its key, and keeps fresh ones", async () => {
    if (!ferretDb) return;
    const store = await open();
    await items(store).insertOne({ _id: 'd', v: 1 });
    await claims(store).insertMany([
      { _id: 'other#x#3', at: stale() },
      { _id: 'other#y#1', at: stale() - CLAIM_TAKEOVER_MS },
      { _id: 'other#z#2', at: Date.now() },
    ]);
    expect(await pinned(store, 'd', 1)).toMatchObject({ v: 2 });
    expect((await claims(store).find({})).map((claim) => claim._id)).toEqual(['other#z#2']);
  });

  it('a pinned update and a pinned delete of one version through two stores at once: never both, on each of 40 documents', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const ids = Array.from({ length: 40 }, (_, n) => `r${n}`);
    await items(one).insertMany(ids.map((id) => ({ _id: id, v: 1 })));
    const raced = await Promise.all(ids.map((id) => Promise.all([pinned(one, id, 1), items(two).findOneAndDelete({ _id: id, v: 1 }, { claim: `${id}#1` })])));
    const left = new Map((await items(one).find({})).map((item) => [item._id, item.v]));
    for (const [n, id] of ids.entries()) {
      const [updated, deleted] = raced[n];
      expect([updated, deleted].filter((done) => done !== null)).toHaveLength(1);
      expect(left.get(id)).toBe(updated === null ? undefined : 2);
    }
  });
});
