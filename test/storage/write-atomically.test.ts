// Store.writeAtomically (SQLite, issue 28's batch): the writes in order in one transaction, each
// answering what it wrote or found, and a refused one undoing them all.
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { DuplicateKeyError } from '../../server/storage/port';
import type { Store } from '../../server/storage/port';

let store: Store;

beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
  await store.ensureIndex({ collection: 'things', fields: { code: 1 }, unique: true, sparse: true });
  await store.collection('things').insertOne({ _id: 'old', code: 'o', n: 1 });
});

afterEach(() => store.close());

const all = async (): Promise<unknown[]> => store.collection('things').find({}, { sort: { _id: 1 } });

it('writes inserts, updates and deletes across collections in order, answering each', async () => {
  const answers = await store.writeAtomically?.([
    { collection: 'things', insert: { _id: 'new', code: 'n' } },
    { collection: 'things', update: { filter: { _id: 'old' }, update: { $set: { n: 2 } } } },
    { collection: 'others', insert: { _id: 'x' } },
    { collection: 'things', delete: { _id: 'new' } },
    { collection: 'things', delete: { _id: 'missing' } },
  ]);
  expect(answers).toEqual([{ _id: 'new', code: 'n' }, { _id: 'old', code: 'o', n: 1 }, { _id: 'x' }, { _id: 'new', code: 'n' }, null]);
  expect(await all()).toEqual([{ _id: 'old', code: 'o', n: 2 }]);
  expect(await store.collection('others').count({})).toBe(1);
});

it('undoes every write when one is refused', async () => {
  const writes = store.writeAtomically?.([
    { collection: 'things', update: { filter: { _id: 'old' }, update: { $set: { n: 3 } } } },
    { collection: 'things', insert: { _id: 'a', code: 'same' } },
    { collection: 'things', insert: { _id: 'b', code: 'same' } },
  ]);
  await expect(writes).rejects.toBeInstanceOf(DuplicateKeyError);
  expect(await all()).toEqual([{ _id: 'old', code: 'o', n: 1 }]);
});
