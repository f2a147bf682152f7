// Store.writeAtomically (SQLite, issue 28's batch): the writes in order in one transaction, each
// answering what it wrote or found, and a refused one (or one that matches nothing) undoing them all.
import { openSqliteStore } from '../../server/storage/sqlite/sqlite-store';
import { DuplicateKeyError, NothingMatchedError } from '../../server/storage/port';
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
  ]);
  expect(answers).toEqual([{ _id: 'new', code: 'n' }, { _id: 'old', code: 'o', n: 1 }, { _id: 'x' }, { _id: 'new', code: 'n' }]);
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

it.each([
  ['an update', { collection: 'things', update: { filter: { _id: 'missing' }, update: { $set: { n: 4 } } } }],
  ['a delete', { collection: 'things', delete: { _id: 'old', n: 5 } }],
])('undoes every write when %s matches nothing, naming it', async (_name, write) => {
  const writes = store.writeAtomically?.([{ collection: 'things', insert: { _id: 'a', code: 'a' } }, { collection: 'things', update: { filter: { _id: 'old' }, update: { $set: { n: 3 } } } }, write]);
  await expect(writes).rejects.toEqual(new NothingMatchedError(2));
  expect(await all()).toEqual([{ _id: 'old', code: 'o', n: 1 }]);
});
